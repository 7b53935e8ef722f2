package dev.taskgate.worker;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/** A short stop grace and one operation per child, to exercise the kill and recycling paths quickly. */
public class ShortLimitsProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "taskgate.worker.stop-grace", "1s",
                "taskgate.worker.max-operations-per-child", "1",
                // the conformance tool pack too, for ConformancePackEnabledTest: one test application for all three
                // (each profile is a Quarkus build of its own, about 20 s of a CI run)
                "taskgate.conformance.enabled", "true");
    }
}
