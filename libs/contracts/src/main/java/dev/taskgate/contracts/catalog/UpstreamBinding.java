package dev.taskgate.contracts.catalog;

import java.util.List;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Where the catalog entry of an upstream tool comes from: worker-pool calls {@code tool} on the upstream
 * {@code upstream}; only callers in {@code workspaces} may use it.
 *
 * @param upstream    the upstream's id
 * @param tool        the tool's name on the upstream (without Taskgate's namespace)
 * @param taskSupport the upstream's own {@code execution.taskSupport} for the tool ({@code forbidden} when it said
 *                    nothing): whether worker-pool asks the upstream for a task
 * @param workspaces  {@code <org>/<project>}, {@code <org>/*} or {@code *}
 * @param protocol    the generation discovery spoke with the upstream when it listed the tool ({@code 2025-11-25} or
 *                    {@code 2026-07-28}): what worker-pool speaks to an upstream registered with {@code negotiate};
 *                    {@code null} from a job-control that does not say
 */
public record UpstreamBinding(
        @JsonProperty("upstream") String upstream,
        @JsonProperty("tool") String tool,
        @JsonProperty("taskSupport") String taskSupport,
        @JsonProperty("workspaces") List<String> workspaces,

        @JsonProperty("protocol") @JsonInclude(JsonInclude.Include.NON_NULL)
        String protocol) {

    public UpstreamBinding {
        Objects.requireNonNull(upstream, "upstream");
        Objects.requireNonNull(tool, "tool");
        taskSupport = taskSupport == null ? "forbidden" : taskSupport;
        workspaces = List.copyOf(workspaces == null ? List.of() : workspaces);
    }

    /** A binding that does not say which generation was spoken. */
    public UpstreamBinding(String upstream, String tool, String taskSupport, List<String> workspaces) {
        this(upstream, tool, taskSupport, workspaces, null);
    }

    /** Whether a caller in {@code workspace} ({@code <org>/<project>}) may use the tool. */
    public boolean admits(String workspace) {
        return WorkspacePatterns.admits(workspaces, workspace);
    }
}
