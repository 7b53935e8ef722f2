package dev.taskgate.jobctl;

import java.util.Map;
import java.util.Set;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * Owner-loss tests: the owner-loss sweeper switched on (the default test profile switches it off), an adjustable
 * clock so that a worker falls silent without waiting.
 */
public class LivenessTestProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "jobctl.liveness.enabled", "true",
                "jobctl.liveness.heartbeat-timeout", "6s",
                "jobctl.liveness.sweep-interval", "1s");
    }

    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(AdjustableClock.class);
    }
}
