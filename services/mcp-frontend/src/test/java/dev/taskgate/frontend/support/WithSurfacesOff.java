package dev.taskgate.frontend.support;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/** With both MCP surface switches off: no native tasks (either generation) and no compatibility tools. */
public class WithSurfacesOff implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("taskgate.frontend.mcp.tasks-enabled", "false", "taskgate.frontend.compat.enabled", "false");
    }
}
