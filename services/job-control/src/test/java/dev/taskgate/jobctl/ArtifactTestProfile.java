package dev.taskgate.jobctl;

import java.util.Map;
import java.util.Set;

import io.quarkus.test.junit.QuarkusTestProfile;

/** Artifact tests: an adjustable clock (retention) and a one-hour artifact retention, swept every second. */
public class ArtifactTestProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("jobctl.artifacts.retention", "1h", "jobctl.sweeper.interval", "1s");
    }

    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(AdjustableClock.class);
    }
}
