package dev.taskgate.jobctl;

import java.util.Set;

import io.quarkus.test.junit.QuarkusTestProfile;

/** The shipped catalog plus the test-only mutating operation {@link OperationsWithTestMutation#NAME}. */
public class MutatingOperationProfile implements QuarkusTestProfile {

    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(OperationsWithTestMutation.class);
    }
}
