package dev.taskgate.jobctl;

import java.util.Map;
import java.util.Set;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * Deadline and retention tests, of executions, audit records and artifacts: an adjustable clock, a shortened deadline
 * for {@code demo.sleep}, an artifact retention of an hour, fast sweeps and a small batch so that several passes are
 * needed. Its tests share the clock: each moves it forward from wherever it is and reads times from it.
 */
public class SweeperTestProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "jobctl.sweeper.interval", "1s",
                "jobctl.sweeper.batch-size", "2",
                "jobctl.operation-deadlines.\"demo.sleep\"", "PT1H",
                "jobctl.artifacts.retention", "1h");
    }

    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(AdjustableClock.class);
    }
}
