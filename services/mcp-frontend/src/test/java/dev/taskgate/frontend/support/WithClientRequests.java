package dev.taskgate.frontend.support;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * For calls that wait on a client's answer: a fast fallback poll (the test changes the outcome job-control reports,
 * no lifecycle record is sent) and a synchronous timeout far beyond every wait. With the mutating test tool of
 * {@link ToolsWithTestMutation} too, for the request-key tests: one test application for both (each profile is a
 * Quarkus build of its own, about 20 s of a CI run).
 */
public class WithClientRequests implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>();
        overrides.put("taskgate.frontend.mcp.sync-poll-interval", "200ms");
        overrides.put("taskgate.frontend.mcp.sync-call-timeout", "30s");
        return overrides;
    }

    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(ToolsWithTestMutation.class);
    }
}
