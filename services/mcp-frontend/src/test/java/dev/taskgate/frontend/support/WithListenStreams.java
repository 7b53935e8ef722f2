package dev.taskgate.frontend.support;

import java.util.HashMap;
import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * with listen-stream bounds that make them observable: a keep-alive after 300 ms of
 * silence, a session check every 500 ms, streams open for at most 60 s, two per session; and REST event streams with
 * a keep-alive (and re-read) after 300 ms of silence, at most two open on the instance.
 */
public class WithListenStreams implements QuarkusTestProfile {
    /** REST event streams open at most on the instance. */
    public static final int EVENT_STREAMS = 2;

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>();
        overrides.put("taskgate.frontend.listen.keep-alive", "300ms");
        overrides.put("taskgate.frontend.listen.session-check", "500ms");
        overrides.put("taskgate.frontend.listen.max-open", maxOpen());
        overrides.put("taskgate.frontend.listen.max-per-session", "2");
        overrides.put("taskgate.frontend.events.keep-alive", "300ms");
        overrides.put("taskgate.frontend.events.max-per-instance", String.valueOf(EVENT_STREAMS));
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
