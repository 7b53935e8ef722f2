package dev.taskgate.worker;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/** job-control's internal API is not reachable: nothing listens on port 1 of loopback. */
public class JobControlDownProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("taskgate.worker.job-control-url", "http://127.0.0.1:1");
    }
}
