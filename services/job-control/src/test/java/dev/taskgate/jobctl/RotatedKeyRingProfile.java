package dev.taskgate.jobctl;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/** Key B rotated in front of key A: B encrypts, both decrypt. */
public class RotatedKeyRingProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("jobctl.payload-keys", PayloadTestKeys.KEY_B + "," + PayloadTestKeys.KEY_A);
    }
}
