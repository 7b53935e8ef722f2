package dev.taskgate.jobctl.shutdown.kafka;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * An application of its own for the stop tests: they hand its partitions over and refuse its HTTP, which the other
 * tests' shared application must never see.
 */
public class StoppingInstanceProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("jobctl.instance-id", "stopping-instance");
    }
}
