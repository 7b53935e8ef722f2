package dev.taskgate.frontend.support;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * With both MCP surface switches off: no native tasks (either generation) and no compatibility tools; listen-stream
 * keep-alives after 300 ms.
 */
public class WithSurfacesOff implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "taskgate.frontend.mcp.tasks-enabled",
                "false",
                "taskgate.frontend.compat.enabled",
                "false",
                // listen streams that show their silence quickly: a keep-alive after 300 ms
                "taskgate.frontend.listen.keep-alive",
                "300ms");
    }
}
