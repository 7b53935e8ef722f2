package dev.taskgate.frontend.support;

import java.util.HashMap;
import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * A default handoff of 500 ms for tools without a policy of their own, {@code demo.sleep} configured to
 * {@code block}, and a synchronous timeout of 3 s: the default and the timeout each end a call still running.
 */
public class WithDefaultHandoff implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>();
        overrides.put("taskgate.frontend.compat.default-handoff", "handoff_after=500ms");
        overrides.put("taskgate.frontend.compat.handoff.\"demo.sleep\"", "block");
        overrides.put("taskgate.frontend.mcp.sync-call-timeout", "3s");
        return overrides;
    }
}
