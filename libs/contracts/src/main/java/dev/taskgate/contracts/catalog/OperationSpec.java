package dev.taskgate.contracts.catalog;

import java.util.List;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * One registered operation, as declared in {@code schemas/operations/catalog.json}.
 *
 * @param name        the tool name callers use, e.g. {@code demo.echo}
 * @param version     bumped when the operation's behaviour or input changes; bound into receipts
 * @param title       a short display name
 * @param description what it does, for tool listings
 * @param mutating    whether it changes anything outside Taskgate (needs {@code tools:write})
 * @param annotations MCP tool annotations ({@code readOnlyHint}, …)
 * @param inputSchema JSON Schema (2020-12) the input must satisfy
 * @param cancellable whether a running execution of it may be asked to stop; {@code null} (absent) means yes.
 *                    An operation that cannot stop safely once started says {@code false}: it can still be
 *                    cancelled while queued, and an operator's cancel of a running one answers {@code unsupported}
 * @param taskSupport the tool's default MCP task policy ({@code forbidden}, {@code optional}, {@code required}), or
 *                    {@code null} when the catalog leaves it to configuration (then {@code optional})
 * @param handoff     what an ordinary (non-task) MCP call of it does while the work runs: {@code block} (wait for the
 *                    terminal result) or {@code handoff_after=<duration>} ({@code 500ms}, {@code 10s}, {@code 2m}:
 *                    answer with an execution handle once the work has run that long); {@code null} means block
 * @param inputRounds input the tool needs before its execution exists, asked round by round with multi-round-trip
 *                    {@code input_required} results on MCP {@code tools/call}; each round lists the requests asked
 *                    together. Empty (absent) for a tool that needs none
 * @param workspace   whether the operation works over the caller's workspace (the directories worker-pool registered
 *                    for the execution's {@code <org>/<project>}); absent ({@code null}) means no, and the accessor
 *                    then returns {@code false}
 * @param upstream    for a tool of an upstream MCP server (the gateway), where it comes from and who may use it;
 *                    {@code null} for Taskgate's own operations and plug-ins
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record OperationSpec(
        @JsonProperty("name") String name,
        @JsonProperty("version") String version,
        @JsonProperty("title") String title,
        @JsonProperty("description") String description,
        @JsonProperty("mutating") boolean mutating,
        @JsonProperty("annotations") JsonNode annotations,
        @JsonProperty("inputSchema") JsonNode inputSchema,
        @JsonProperty("cancellable") Boolean cancellable,
        @JsonProperty("taskSupport") String taskSupport,
        @JsonProperty("handoff") String handoff,
        @JsonProperty("inputRounds") List<List<PreTaskInput>> inputRounds,
        @JsonProperty("workspace") Boolean workspace,

        @JsonProperty("upstream") @JsonInclude(JsonInclude.Include.NON_NULL)
        UpstreamBinding upstream) {

    public OperationSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(inputSchema, "inputSchema");
        annotations = annotations == null ? JsonNodeFactory.instance.objectNode() : annotations;
        workspace = Boolean.TRUE.equals(workspace);
        inputRounds = inputRounds == null
                ? List.of()
                : inputRounds.stream().map(List::copyOf).toList();
        inputRounds.stream().flatMap(List::stream).forEach(PreTaskInput::check);
        if (inputRounds.stream().anyMatch(List::isEmpty)) {
            throw new IllegalArgumentException("operation " + name + " declares an empty input round");
        }
        if (inputRounds.stream()
                        .flatMap(List::stream)
                        .map(PreTaskInput::key)
                        .distinct()
                        .count()
                != inputRounds.stream().mapToLong(List::size).sum()) {
            throw new IllegalArgumentException("operation " + name + " declares an input key twice");
        }
    }

    /** The signature before {@code upstream} was added: one of Taskgate's own operations. */
    public OperationSpec(
            String name,
            String version,
            String title,
            String description,
            boolean mutating,
            JsonNode annotations,
            JsonNode inputSchema,
            Boolean cancellable,
            String taskSupport,
            String handoff,
            List<List<PreTaskInput>> inputRounds,
            Boolean workspace) {
        this(
                name,
                version,
                title,
                description,
                mutating,
                annotations,
                inputSchema,
                cancellable,
                taskSupport,
                handoff,
                inputRounds,
                workspace,
                null);
    }

    /** The signature before {@code workspace} was added: no workspace. */
    public OperationSpec(
            String name,
            String version,
            String title,
            String description,
            boolean mutating,
            JsonNode annotations,
            JsonNode inputSchema,
            Boolean cancellable,
            String taskSupport,
            String handoff,
            List<List<PreTaskInput>> inputRounds) {
        this(
                name,
                version,
                title,
                description,
                mutating,
                annotations,
                inputSchema,
                cancellable,
                taskSupport,
                handoff,
                inputRounds,
                Boolean.FALSE);
    }

    /** The signature before {@code inputRounds} was added: no pre-task input. */
    public OperationSpec(
            String name,
            String version,
            String title,
            String description,
            boolean mutating,
            JsonNode annotations,
            JsonNode inputSchema,
            Boolean cancellable,
            String taskSupport,
            String handoff) {
        this(
                name,
                version,
                title,
                description,
                mutating,
                annotations,
                inputSchema,
                cancellable,
                taskSupport,
                handoff,
                null);
    }

    /** The signature before {@code handoff} and {@code inputRounds} were added: blocks, no pre-task input. */
    public OperationSpec(
            String name,
            String version,
            String title,
            String description,
            boolean mutating,
            JsonNode annotations,
            JsonNode inputSchema,
            Boolean cancellable,
            String taskSupport) {
        this(
                name,
                version,
                title,
                description,
                mutating,
                annotations,
                inputSchema,
                cancellable,
                taskSupport,
                null,
                null);
    }

    /** The signature before {@code cancellable} and {@code taskSupport} were added: cancellable, no task policy. */
    public OperationSpec(
            String name,
            String version,
            String title,
            String description,
            boolean mutating,
            JsonNode annotations,
            JsonNode inputSchema) {
        this(name, version, title, description, mutating, annotations, inputSchema, null, null, null);
    }

    /** An operation that says whether it can be cancelled while running, without a task policy. */
    public OperationSpec(
            String name,
            String version,
            String title,
            String description,
            boolean mutating,
            JsonNode annotations,
            JsonNode inputSchema,
            Boolean cancellable) {
        this(name, version, title, description, mutating, annotations, inputSchema, cancellable, null, null);
    }

    /**
     * An upstream tool with only what every entry needs: no title, description, annotations or policies of its own
     * (discovery, {@code ListedTools}, fills in what the upstream and the operator say).
     */
    public static OperationSpec ofUpstream(
            String name, String version, String description, boolean mutating, UpstreamBinding binding) {
        return new OperationSpec(
                name,
                version,
                null,
                description,
                mutating,
                null,
                JsonNodeFactory.instance.objectNode().put("type", "object"),
                true,
                null,
                null,
                null,
                false,
                binding);
    }

    /** Whether this is a tool of an upstream MCP server. */
    public boolean isUpstream() {
        return upstream != null;
    }

    /** Whether a running execution of this operation may be asked to stop (absent means yes). */
    public boolean isCancellable() {
        return cancellable == null || cancellable;
    }
}
