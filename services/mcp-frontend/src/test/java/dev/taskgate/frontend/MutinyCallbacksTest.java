package dev.taskgate.frontend;

import java.io.IOException;
import java.util.Collections;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import static org.assertj.core.api.Assertions.assertThat;

/** Mutiny runs callbacks as they are: application.properties removes the decorator it would load to wrap them. */
@QuarkusTest
class MutinyCallbacksTest {
    @Test
    void mutinyFindsNoCallbackDecoratorToLoad() throws IOException {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        assertThat(Collections.list(
                        loader.getResources("META-INF/services/io.smallrye.mutiny.infrastructure.CallbackDecorator")))
                .isEmpty();
    }
}
