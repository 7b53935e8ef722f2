package dev.taskgate.jobctl;

import java.util.Map;
import java.util.Set;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * Owner-loss tests: the owner-loss sweeper switched on (the default test profile switches it off), an adjustable
 * clock so that a worker falls silent without waiting. The same application also serves two tests whose settings
 * change nothing for the others, because every distinct test profile is one more build of the application before
 * the first test runs (Quarkus augments each profile up front): records of at most 6 KiB from the outbox (4 KiB of
 * sealed payload), so that {@code OutboxRecordSizeTest} reaches the size bounds with inputs, frontiers and plans of a
 * few kilobytes, and the conformance tool pack ({@code SubmitConformanceToolEnabledTest}).
 */
public class LivenessTestProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "jobctl.liveness.enabled", "true",
                "jobctl.liveness.heartbeat-timeout", "6s",
                "jobctl.liveness.sweep-interval", "1s",
                "jobctl.outbox.max-record-bytes", "6144",
                "taskgate.conformance.enabled", "true");
    }

    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(AdjustableClock.class);
    }
}
