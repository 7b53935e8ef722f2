package dev.taskgate.frontend.support;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * with every fallback that reads job-control on a timer far beyond the waits in the tests (10 min): a synchronous
 * call's fallback poll and timeout, how long a 2025-era session found live is trusted, a REST event stream's
 * keep-alive (and its re-read), and a listen stream's keep-alive and session check. So a call reads
 * job-control's outcome only when a lifecycle record or its reply tells it to, and a session is looked up again only
 * when this instance ends it or sets its log level.
 *
 * <p>It also gives one place to a command awaiting job-control's reply and one to a read waiting with
 * {@code wait_ms}, and a command 60 s for its reply, for {@code RequestCapacityTest}: a profile of its own costs the
 * module's test run half a minute (each is augmented before the first test). So the classes of this profile never run
 * two commands, or two waiting reads, at once; a place is given back before the request that held it is answered.
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
                "taskgate.frontend.listen.session-check", "10m",
                "taskgate.frontend.commands-in-flight", "1",
                "taskgate.frontend.waiting-reads", "1",
                "taskgate.frontend.command-timeout", "60s");
    }
}
