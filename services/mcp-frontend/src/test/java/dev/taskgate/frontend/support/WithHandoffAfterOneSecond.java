package dev.taskgate.frontend.support;

import java.util.HashMap;
import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * with {@code demo.sleep} handing off after one second and a synchronous timeout far
 * beyond it, so that the handoff, not the timeout, ends a call that is still running.
 */
public class WithHandoffAfterOneSecond implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>();
        overrides.put("taskgate.frontend.compat.handoff.\"demo.sleep\"", "handoff_after=1s");
        overrides.put("taskgate.frontend.mcp.sync-call-timeout", "60s");
        return overrides;
    }
}
