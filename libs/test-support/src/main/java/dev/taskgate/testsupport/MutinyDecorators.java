package dev.taskgate.testsupport;

import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.List;

/**
 * The callback decorators Mutiny would load to wrap every callback of every {@code Uni} and {@code Multi}: its
 * {@code CallbackDecorator} service files, as the running application's class loader finds them. Each service removes
 * the one of context propagation at build time (its application.properties).
 */
public final class MutinyDecorators {
    private static final String SERVICE_FILE = "META-INF/services/io.smallrye.mutiny.infrastructure.CallbackDecorator";

    private MutinyDecorators() {}

    /** The service files found through the current thread's context class loader, which Mutiny loads through. */
    public static List<URL> loadable() throws IOException {
        return Collections.list(Thread.currentThread().getContextClassLoader().getResources(SERVICE_FILE));
    }
}
