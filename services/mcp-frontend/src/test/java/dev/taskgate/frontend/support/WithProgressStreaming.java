package dev.taskgate.frontend.support;

import java.util.HashMap;
import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * with timings that make streaming observable: progress at most every 300 ms, a
 * heartbeat after 200 ms of silence, and a fallback poll (10 s) far beyond every wait in the tests, so that a call
 * that ends promptly proves the lifecycle wake-up.
 */
public class WithProgressStreaming implements QuarkusTestProfile {
    /** Least time between two progress notifications. */
    public static final long PROGRESS_INTERVAL_MS = 300;

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>();
        overrides.put("taskgate.frontend.mcp.progress-interval", PROGRESS_INTERVAL_MS + "ms");
        overrides.put("taskgate.frontend.mcp.heartbeat-interval", "200ms");
        overrides.put("taskgate.frontend.mcp.sync-poll-interval", "10s");
        overrides.put("taskgate.frontend.mcp.sync-call-timeout", "30s");
        return overrides;
    }
}
