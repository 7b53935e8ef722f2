package dev.taskgate.contracts.catalog;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The tools of every registered upstream MCP server at one moment, as job-control's discovery last saw them, and the
 * state of each upstream. Services exchange it whole; equal contents have the same {@code revision}.
 *
 * @param revision  identifies the contents (a digest), so that a service asks only for what changed
 * @param tools     the catalog entries of the upstream tools, each with its {@link OperationSpec#upstream() binding}
 * @param upstreams the state of each upstream, by id
 */
public record UpstreamTools(
        @JsonProperty("revision") String revision,
        @JsonProperty("tools") List<OperationSpec> tools,
        @JsonProperty("upstreams") List<UpstreamState> upstreams) {

    /** No upstream registered. */
    public static final UpstreamTools NONE = new UpstreamTools("none", List.of(), List.of());

    public UpstreamTools {
        Objects.requireNonNull(revision, "revision");
        tools = List.copyOf(tools == null ? List.of() : tools);
        upstreams = List.copyOf(upstreams == null ? List.of() : upstreams);
        for (OperationSpec tool : tools) {
            if (tool.upstream() == null) {
                throw new IllegalArgumentException("upstream tool " + tool.name() + " has no upstream binding");
            }
        }
    }

    /** The tools by name. */
    @JsonIgnore
    public Map<String, OperationSpec> byName() {
        Map<String, OperationSpec> map = new LinkedHashMap<>();
        tools.forEach(tool -> map.put(tool.name(), tool));
        return map;
    }

    /**
     * The state of one upstream.
     *
     * @param id        its id
     * @param namespace the prefix of its tools
     * @param available whether its last discovery succeeded
     * @param problem   why it is unavailable, or what was wrong with some of its tools; {@code null} if nothing
     * @param tools      how many of its tools are offered
     * @param workspaces who may use its tools: {@code <org>/<project>}, {@code <org>/*} or {@code *}
     * @param revision   the registration's revision for an upstream registered through the operator API (a worker
     *                   asks job-control for its call target again when it changes); {@code null} for one of the
     *                   upstreams file
     * @param protocol   the generation its last successful listing spoke ({@code 2025-11-25} or {@code 2026-07-28});
     *                   for an upstream registered with {@code negotiate}, the one discovery found; {@code null}
     *                   while it has not been listed
     */
    public record UpstreamState(
            @JsonProperty("id") String id,
            @JsonProperty("namespace") String namespace,
            @JsonProperty("available") boolean available,
            @JsonProperty("problem") String problem,
            @JsonProperty("tools") int tools,
            @JsonProperty("workspaces") List<String> workspaces,

            @JsonProperty("revision") @JsonInclude(JsonInclude.Include.NON_NULL)
            Long revision,

            @JsonProperty("protocol") @JsonInclude(JsonInclude.Include.NON_NULL)
            String protocol) {

        public UpstreamState {
            workspaces = List.copyOf(workspaces == null ? List.of() : workspaces);
        }

        /** The state of an upstream whose generation is not known (not listed, or listed by an older service). */
        public UpstreamState(
                String id,
                String namespace,
                boolean available,
                String problem,
                int tools,
                List<String> workspaces,
                Long revision) {
            this(id, namespace, available, problem, tools, workspaces, revision, null);
        }

        /** The state of an upstream of the upstreams file. */
        public UpstreamState(
                String id, String namespace, boolean available, String problem, int tools, List<String> workspaces) {
            this(id, namespace, available, problem, tools, workspaces, null);
        }

        /** Whether a caller in {@code workspace} may use its tools. */
        public boolean admits(String workspace) {
            return WorkspacePatterns.admits(workspaces, workspace);
        }
    }

    /** The state of the upstream whose tools carry {@code namespace}, if one does. */
    public Optional<UpstreamState> upstreamWithNamespace(String namespace) {
        return upstreams.stream().filter(u -> u.namespace().equals(namespace)).findFirst();
    }
}
