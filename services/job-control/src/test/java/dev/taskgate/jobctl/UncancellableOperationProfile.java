package dev.taskgate.jobctl;

import java.util.Set;

import io.quarkus.test.junit.QuarkusTestProfile;

/** The shipped catalog plus the test-only non-cancellable operation {@link OperationsWithUncancellable#NAME}. */
public class UncancellableOperationProfile implements QuarkusTestProfile {

    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(OperationsWithUncancellable.class);
    }
}
