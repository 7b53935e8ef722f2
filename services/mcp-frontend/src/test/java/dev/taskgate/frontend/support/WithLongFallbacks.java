package dev.taskgate.frontend.support;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * with every fallback that reads job-control on a timer far beyond the waits in the tests (10 min): a synchronous
 * call's fallback poll and timeout, how long a 2025-era session found live is trusted, a REST event stream's
 * keep-alive (and its re-read), and a listen stream's keep-alive and session check. So a call reads
 * job-control's outcome only when a lifecycle record or its reply tells it to, and a session is looked up again only
 * when this instance ends it or sets its log level.
 */
public class WithLongFallbacks implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "taskgate.frontend.mcp.sync-poll-interval", "10m",
                "taskgate.frontend.mcp.sync-call-timeout", "10m",
                "taskgate.frontend.mcp.session-recheck", "10m",
                "taskgate.frontend.events.keep-alive", "10m",
                "taskgate.frontend.listen.keep-alive", "10m",
                "taskgate.frontend.listen.session-check", "10m");
    }
}
