package dev.taskgate.worker.pool.sandbox;

import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The environment a child starts with: built from an allow-list, never inherited. The worker's environment holds
 * keys (payload key ring, handle, checkpoint and webhook keys) and internal URLs; none of that is any business of an
 * operation, and the child reads no environment variable of its own (its settings arrive as {@code -D} options and
 * protocol lines).
 */
public final class ChildEnvironment {
    /** Copied from the worker when set: where programs are, and how text and time are presented. */
    static final Set<String> COPIED = Set.of("PATH", "LANG", "LANGUAGE", "TZ");

    /** Every {@code LC_*} locale variable is copied as well. */
    static final String LOCALE_PREFIX = "LC_";

    /** The search path when the worker has none. */
    static final String DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin";

    private ChildEnvironment() {}

    /**
     * @param parent        the worker's environment
     * @param workDirectory the child's own directory: its {@code HOME} and {@code TMPDIR}
     * @param javaHome      the JDK the child runs on
     * @return the child's whole environment
     */
    public static Map<String, String> of(Map<String, String> parent, Path workDirectory, Path javaHome) {
        Map<String, String> env = new TreeMap<>();
        parent.forEach((name, value) -> {
            if (COPIED.contains(name) || name.startsWith(LOCALE_PREFIX)) {
                env.put(name, value);
            }
        });
        env.putIfAbsent("PATH", DEFAULT_PATH);
        env.put("HOME", workDirectory.toString());
        env.put("TMPDIR", workDirectory.toString());
        env.put("JAVA_HOME", javaHome.toString());
        return Collections.unmodifiableMap(env);
    }
}
