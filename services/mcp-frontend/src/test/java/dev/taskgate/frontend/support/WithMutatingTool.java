package dev.taskgate.frontend.support;

import java.util.Set;

/** {@link WithFakeJobControl} plus the mutating test tool of {@link ToolsWithTestMutation}. */
public class WithMutatingTool extends WithFakeJobControl {
    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(ToolsWithTestMutation.class);
    }
}
