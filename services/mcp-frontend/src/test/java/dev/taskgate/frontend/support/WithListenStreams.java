package dev.taskgate.frontend.support;

import java.util.HashMap;
import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * with listen-stream bounds that make them observable: a keep-alive after 300 ms of
 * silence, a session check every 500 ms, streams open for at most 60 s, two per session.
 */
public class WithListenStreams implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>();
        overrides.put("taskgate.frontend.listen.keep-alive", "300ms");
        overrides.put("taskgate.frontend.listen.session-check", "500ms");
        overrides.put("taskgate.frontend.listen.max-open", maxOpen());
        overrides.put("taskgate.frontend.listen.max-per-session", "2");
        return overrides;
    }

    /** How long a stream stays open. */
    protected String maxOpen() {
        return "60s";
    }

    /** The same with streams that the server ends after 2 s. */
    public static class ShortLived extends WithListenStreams {
        @Override
        protected String maxOpen() {
            return "2s";
        }
    }
}
