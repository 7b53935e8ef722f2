package dev.taskgate.frontend.support;

import java.util.Map;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Points every component test of this module at {@link FakeJobControlQueries}, the job-control query API the tests
 * play (a global test resource: one setting for all profiles, so no profile exists only to carry it). A profile that
 * needs an unreachable job-control sets {@code taskgate.job-control.url} itself.
 */
@QuarkusTestResource(FakeJobControlResource.class)
public class FakeJobControlResource implements QuarkusTestResourceLifecycleManager {
    @Override
    public Map<String, String> start() {
        return Map.of("taskgate.job-control.url", FakeJobControlQueries.get().url());
    }

    @Override
    public void stop() {
        // the fake is a JVM-wide server; it stops with the JVM
    }
}
