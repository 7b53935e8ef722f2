package dev.taskgate.jobctl;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/** The conformance tool pack switched on, as {@code bin/conformance} runs the stack. */
public class ConformancePackProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("taskgate.conformance.enabled", "true");
    }
}
