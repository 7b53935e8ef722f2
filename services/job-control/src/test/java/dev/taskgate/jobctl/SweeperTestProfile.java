package dev.taskgate.jobctl;

import java.util.Map;
import java.util.Set;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * Deadline and retention tests: an adjustable clock, a mutating test operation, a shortened deadline for
 * {@code demo.sleep}, fast sweeps and a small batch so that several passes are needed.
 */
public class SweeperTestProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "jobctl.sweeper.interval", "1s",
                "jobctl.sweeper.batch-size", "2",
                "jobctl.operation-deadlines.\"demo.sleep\"", "PT1H");
    }

    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(AdjustableClock.class, OperationsWithTestMutation.class);
    }
}
