package dev.taskgate.frontend.support;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * with a 2025-era session trusted for 10 min once found (far beyond every wait in the tests), so that only what this
 * instance does to a session makes it look the session up again.
 */
public class WithLongSessionRecheck implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("taskgate.frontend.mcp.session-recheck", "10m");
    }
}
