package dev.taskgate.frontend.support;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * with a synchronous call's fallback poll and timeout (10 min) far beyond every wait in the tests, so that a call
 * reads job-control's outcome only when a lifecycle record or its reply tells it to.
 */
public class WithLifecycleWakeOnly implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "taskgate.frontend.mcp.sync-poll-interval", "10m",
                "taskgate.frontend.mcp.sync-call-timeout", "10m");
    }
}
