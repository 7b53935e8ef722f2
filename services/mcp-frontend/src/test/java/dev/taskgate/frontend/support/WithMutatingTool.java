package dev.taskgate.frontend.support;

import java.util.Set;

import io.quarkus.test.junit.QuarkusTestProfile;

/** The mutating test tool of {@link ToolsWithTestMutation}. */
public class WithMutatingTool implements QuarkusTestProfile {
    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(ToolsWithTestMutation.class);
    }
}
