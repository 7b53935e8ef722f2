package dev.taskgate.frontend.support;

import java.util.List;

import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.catalog.UpstreamBinding;
import dev.taskgate.contracts.catalog.UpstreamTools;
import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;

/** Upstream tools as job-control's discovery would publish them, for tests that change the live catalog. */
public final class UpstreamToolFixtures {
    private UpstreamToolFixtures() {}

    /** One read-only tool {@code name} (namespace {@code up}) of upstream {@code up}, offered to {@code workspaces}. */
    public static UpstreamTools oneTool(String revision, String name, String... workspaces) {
        OperationSpec tool = OperationSpec.ofUpstream(
                name,
                "v1",
                "an upstream tool",
                true,
                new UpstreamBinding("up", name.substring(name.indexOf('.') + 1), null, List.of(workspaces)));
        return new UpstreamTools(
                revision, List.of(tool), List.of(new UpstreamState("up", "up", true, null, 1, List.of(workspaces))));
    }
}
