package dev.taskgate.frontend.support;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/** Points the frontend at {@link FakeJobControlQueries}; shared by every test class that plays job-control's query API. */
public class WithFakeJobControl implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("taskgate.job-control.url", FakeJobControlQueries.get().url());
    }
}
