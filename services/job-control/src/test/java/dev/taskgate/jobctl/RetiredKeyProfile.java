package dev.taskgate.jobctl;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/** Key A removed after the rotation: only key B is configured. */
public class RetiredKeyProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("jobctl.payload-keys", PayloadTestKeys.KEY_B);
    }
}
