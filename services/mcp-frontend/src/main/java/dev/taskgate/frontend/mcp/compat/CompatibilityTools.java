package dev.taskgate.frontend.mcp.compat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionPage;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.execution.ExecutionCommands;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;
import dev.taskgate.frontend.mcp.progress.SettledOutcomes;
import dev.taskgate.frontend.problem.Echo;
import dev.taskgate.frontend.query.ExecutionQueries;
import dev.taskgate.problem.ProblemException;

/**
 * The compatibility tools for MCP clients that cannot use tasks, the same for every protocol generation
 * ({@code docs/mcp-frontend.md}, "Compatibility tools and handoff"): {@code execution_list}, {@code execution_get} (with a
 * bounded wait), {@code execution_provide_input}, {@code execution_cancel}, and the aliases {@code job_inspect}
 * (= {@code execution_get}) and {@code job_cancel} (= {@code execution_cancel}).
 *
 * <p>They are control-plane calls: a server answers them itself, never as a task (whatever the request declares),
 * never as an execution (nothing is submitted or admitted), so they answer while every execution slot is busy. A
 * caller reaches only its own executions created through the generation serving the call or through REST (see
 * {@link ExecutionIds}).
 * {@code execution_get} may wait up to {@value CompatArguments#MAX_WAIT_MS} ms on the execution's signals, holding no
 * thread meanwhile.
 */
@Singleton
public class CompatibilityTools {
    /** {@code execution_list}. */
    public static final String LIST = "execution_list";
    /** {@code execution_get}. */
    public static final String GET = "execution_get";
    /** {@code execution_provide_input}. */
    public static final String PROVIDE_INPUT = "execution_provide_input";
    /** {@code execution_cancel}. */
    public static final String CANCEL = "execution_cancel";
    /** Alias of {@code execution_get}. */
    public static final String JOB_INSPECT = "job_inspect";
    /** Alias of {@code execution_cancel}. */
    public static final String JOB_CANCEL = "job_cancel";

    private static final Set<String> NAMES = Set.of(LIST, GET, PROVIDE_INPUT, CANCEL, JOB_INSPECT, JOB_CANCEL);
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final ExecutionIds ids;
    private final ExecutionQueries queries;
    private final ExecutionCommands commands;
    private final SettledOutcomes settledOutcomes;
    private final OperationCatalog catalog;

    CompatibilityTools(
            ExecutionHandles handles,
            ExecutionQueries queries,
            ExecutionCommands commands,
            SettledOutcomes settledOutcomes,
            OperationCatalog catalog) {
        this.ids = new ExecutionIds(handles);
        this.queries = queries;
        this.commands = commands;
        this.settledOutcomes = settledOutcomes;
        this.catalog = catalog;
    }

    /** Whether {@code name} is one of these tools (checked before the operation catalog). */
    public static boolean isCompatibilityTool(String name) {
        return NAMES.contains(name);
    }

    /**
     * The MCP {@code Tool} objects, in listing order, without any generation-specific member (a server adds its own
     * task-support marker: these tools never run as tasks).
     */
    public List<ObjectNode> definitions() {
        ObjectNode idProperty = JSON.objectNode()
                .put("type", "string")
                .put("minLength", 1)
                .put("maxLength", CompatArguments.MAX_TEXT)
                .put(
                        "description",
                        "The execution handle (tgx_…) from a handoff answer, execution_list, a task of this "
                                + "protocol generation or the REST API's execution_id.");
        ObjectNode get = schema(
                Map.of(
                        "execution_id",
                        idProperty,
                        "wait_ms",
                        JSON.objectNode()
                                .put("type", "integer")
                                .put("minimum", 0)
                                .put("maximum", CompatArguments.MAX_WAIT_MS)
                                .put("default", 0)
                                .put(
                                        "description",
                                        "Wait at most this long (ms) for a terminal state; 0 answers at once.")),
                "execution_id");
        ObjectNode cancel = schema(Map.of("execution_id", idProperty), "execution_id");
        ObjectNode input = schema(
                Map.of(
                        "execution_id",
                        idProperty,
                        "request_key",
                        JSON.objectNode()
                                .put("type", "string")
                                .put("minLength", 1)
                                .put("maxLength", CompatArguments.MAX_TEXT)
                                .put("description", "A key of the execution's input_requests."),
                        "response",
                        responseSchema()),
                "execution_id",
                "request_key",
                "response");
        ObjectNode list = schema(Map.of(
                "cursor",
                JSON.objectNode()
                        .put("type", "string")
                        .put("minLength", 1)
                        .put("maxLength", CompatArguments.MAX_TEXT)
                        .put("description", "next_cursor of the previous page."),
                "limit",
                JSON.objectNode()
                        .put("type", "integer")
                        .put("minimum", 1)
                        .put("maximum", 100)
                        .put("default", 20)));
        return List.of(
                tool(
                        LIST,
                        "List my executions",
                        "Lists your retained tool executions made through this API, newest "
                                + "first, with their state; page with cursor.",
                        list,
                        true),
                tool(
                        GET,
                        "Get an execution",
                        "Returns the execution's current state, waiting at most wait_ms (≤ 45000)"
                                + " for it to finish; a completed execution returns the tool's original result.",
                        get,
                        true),
                tool(
                        PROVIDE_INPUT,
                        "Answer an execution's input request",
                        "Answers one of the execution's "
                                + "input_requests with an elicitation result {action, content?}.",
                        input,
                        false),
                tool(
                        CANCEL,
                        "Cancel an execution",
                        "Asks for the execution to stop and reports what happened: "
                                + "already_terminal, accepted, stop_delivered, stop_delivery_unknown, "
                                + "stop_already_requested or unsupported.",
                        cancel,
                        false),
                tool(JOB_INSPECT, "Inspect a job", "Alias of execution_get.", get.deepCopy(), true),
                tool(JOB_CANCEL, "Cancel a job", "Alias of execution_cancel.", cancel.deepCopy(), false));
    }

    /**
     * Calls one of these tools for the caller, accepting execution handles minted for {@code surface} (the
     * generation serving the call) or for REST. Bad arguments, an unknown or foreign handle and a handle of the other
     * MCP generation are -32602 {@link McpException}s; nothing is read or sent before the arguments are valid. The
     * answer is complete when this returns, except for an {@code execution_get} that waits ({@code wait_ms}): no
     * thread waits for that one ({@link SettledOutcomes#readWhenSettled}), and it fails with its
     * {@link McpException} (or -32603 with HTTP 503 at once when too many reads already wait here). Blocking until
     * then: the reads and commands of job-control.
     */
    public CompletableFuture<CompatResult> call(
            AuthenticatedCaller caller, Surface surface, String name, JsonNode arguments) {
        switch (name) {
            case LIST:
                return CompletableFuture.completedFuture(list(caller, surface, CompatArguments.list(name, arguments)));
            case GET:
            case JOB_INSPECT:
                return get(caller, surface, CompatArguments.get(name, arguments));
            case PROVIDE_INPUT:
                return CompletableFuture.completedFuture(
                        provideInput(caller, surface, CompatArguments.provideInput(name, arguments)));
            case CANCEL:
            case JOB_CANCEL:
                return CompletableFuture.completedFuture(
                        cancel(caller, surface, CompatArguments.cancel(name, arguments)));
            default:
                throw McpErrors.invalidParams(
                        "Unknown tool: " + Echo.excerpt(name), JSON.objectNode().put("name", Echo.excerpt(name)));
        }
    }

    /** The handoff answer for a running execution (its current state, read now). Blocking. */
    public String handoff(AuthenticatedCaller caller, Surface surface, UUID executionId, long waitedMs) {
        ExecutionSnapshot snapshot = read(() -> queries.snapshot(executionId, caller.caller()));
        return ExecutionViews.handoff(ids.mint(executionId, surface, caller), snapshot, waitedMs);
    }

    private CompatResult list(AuthenticatedCaller caller, Surface surface, CompatArguments.ListPage args) {
        ExecutionPage page;
        try {
            page = queries.list(caller.caller(), surface, args.limit(), args.cursor());
        } catch (ProblemException e) {
            if (e.problem().status() == 400) {
                throw McpErrors.invalidParams(
                        "Invalid cursor: use next_cursor of a previous execution_list page.",
                        JSON.objectNode().put("cursor", args.cursor()));
            }
            throw translate(e);
        }
        ObjectNode structured = JSON.objectNode().put("type", ExecutionViews.LIST_TYPE);
        ArrayNode items = structured.putArray("executions");
        for (ExecutionSnapshot s : page.items()) {
            ObjectNode view = ExecutionViews.execution(ids.mint(s.executionId(), surface, caller), s);
            view.remove("next_action");
            items.add(view);
        }
        if (page.nextCursor() != null) {
            structured.put("next_cursor", page.nextCursor());
        }
        String sentence = page.items().isEmpty()
                ? "No executions."
                : page.items().size() + " execution(s), newest " + "first"
                        + (page.nextCursor() == null ? "." : "; pass next_cursor as cursor for more.");
        return new CompatResult(ExecutionViews.result(sentence, structured, false));
    }

    private CompletableFuture<CompatResult> get(AuthenticatedCaller caller, Surface surface, CompatArguments.Get args) {
        ExecutionIds.Resolved id = ids.resolve(args.executionId(), surface, caller);
        if (args.waitMs() <= 0) {
            return CompletableFuture.completedFuture(answer(args, id, outcome(caller, id)));
        }
        CompletableFuture<ExecutionOutcome> settled;
        try {
            settled = settledOutcomes.readWhenSettled(
                    id.executionId(), caller.caller(), () -> outcome(caller, id), args.waitMs());
        } catch (ProblemException e) {
            throw translate(e); // too many reads wait here
        }
        return settled.thenApply(outcome -> answer(args, id, outcome));
    }

    // execution_get's answer for the outcome read (or carried by the lifecycle record of the end)
    private static CompatResult answer(CompatArguments.Get args, ExecutionIds.Resolved id, ExecutionOutcome outcome) {
        ExecutionSnapshot s = outcome.execution();
        if (s.surface() != id.surface()) {
            throw ExecutionIds.notFound(); // also for an outcome a lifecycle record carried: the read checks it
        }
        switch (s.status()) {
            case COMPLETED:
                if (outcome.result() == null) {
                    throw new IllegalStateException("job-control reported a completed execution without a result");
                }
                return new CompatResult(outcome.result());
            case FAILED:
                ObjectNode failed = ExecutionViews.failed(args.executionId(), outcome);
                return new CompatResult(ExecutionViews.result(
                        "The execution failed: " + failed.at("/error/message").asText(), failed, true));
            case CANCELLED:
                return new CompatResult(ExecutionViews.result(
                        "The execution was cancelled; it has no result.",
                        ExecutionViews.execution(args.executionId(), s),
                        true));
            case INPUT_REQUIRED:
                return new CompatResult(ExecutionViews.result(
                        "The execution waits for input: answer one of "
                                + "input_requests with execution_provide_input.",
                        ExecutionViews.execution(args.executionId(), s),
                        false));
            default:
                return new CompatResult(ExecutionViews.result(
                        "The execution is still running; call execution_get " + "again (next_action).",
                        ExecutionViews.execution(args.executionId(), s),
                        false));
        }
    }

    private CompatResult provideInput(AuthenticatedCaller caller, Surface surface, CompatArguments.ProvideInput args) {
        ExecutionIds.Resolved id = ids.resolve(args.executionId(), surface, caller);
        ExecutionSnapshot before = snapshot(caller, id);
        boolean outstanding = before.status() == ExecutionStatus.INPUT_REQUIRED
                && before.inputRequests() != null
                && before.inputRequests().containsKey(args.requestKey());
        ExecutionSnapshot after = before;
        if (outstanding) {
            try {
                after = commands.provideInput(caller, id.executionId(), Map.of(args.requestKey(), args.response()))
                        .execution();
            } catch (ProblemException e) {
                throw translate(e);
            }
        }
        ObjectNode structured = JSON.objectNode()
                .put("type", ExecutionViews.INPUT_TYPE)
                .put("execution_id", args.executionId())
                .put("delivered", outstanding);
        structured.set("execution", ExecutionViews.execution(args.executionId(), after));
        String sentence = outstanding
                ? "The response was recorded and passed to the execution."
                : "Nothing was delivered: request_key is not an outstanding input request of this execution "
                        + "(answered already, superseded, or never issued).";
        return new CompatResult(ExecutionViews.result(sentence, structured, false));
    }

    private CompatResult cancel(AuthenticatedCaller caller, Surface surface, CompatArguments.Cancel args) {
        ExecutionIds.Resolved id = ids.resolve(args.executionId(), surface, caller);
        ExecutionSnapshot before = snapshot(caller, id);
        CancelAnswer answer = CancelAnswer.before(
                before,
                catalog.find(before.toolName())
                        .map(OperationSpec::isCancellable)
                        .orElse(true));
        ExecutionSnapshot after = before;
        if (answer == null) {
            try {
                Accepted accepted = commands.cancel(
                        caller,
                        id.executionId(),
                        "cancelled through the " + surface.wireName() + " compatibility tools");
                after = accepted.execution();
                answer = CancelAnswer.after(accepted);
            } catch (ProblemException e) {
                if (e.problem().status() != 503) {
                    throw translate(e);
                }
                answer = CancelAnswer.UNCONFIRMED;
            }
        }
        ObjectNode structured = JSON.objectNode()
                .put("type", ExecutionViews.CANCEL_TYPE)
                .put("execution_id", args.executionId())
                .put("outcome", answer.wireName());
        structured.set("execution", ExecutionViews.execution(args.executionId(), after));
        return new CompatResult(ExecutionViews.result(answer.sentence(), structured, false));
    }

    // the handle's surface must be the execution's own: a handle is only ever minted for that one
    private ExecutionSnapshot snapshot(AuthenticatedCaller caller, ExecutionIds.Resolved id) {
        ExecutionSnapshot s = read(() -> queries.snapshot(id.executionId(), caller.caller()));
        if (s.surface() != id.surface()) {
            throw ExecutionIds.notFound();
        }
        return s;
    }

    private ExecutionOutcome outcome(AuthenticatedCaller caller, ExecutionIds.Resolved id) {
        ExecutionOutcome o = read(() -> queries.outcome(id.executionId(), caller.caller()));
        if (o.execution().surface() != id.surface()) {
            throw ExecutionIds.notFound();
        }
        return o;
    }

    private static <T> T read(java.util.function.Supplier<T> query) {
        try {
            return query.get();
        } catch (ProblemException e) {
            throw translate(e);
        }
    }

    /** The JSON-RPC error for a problem of the shared execution and query code. */
    static McpException translate(ProblemException e) {
        var problem = e.problem();
        String detail = problem.problem().detail() == null
                ? problem.problem().title()
                : problem.problem().detail();
        switch (problem.status()) {
            case 404:
                return ExecutionIds.notFound();
            case 403:
                return McpErrors.forbidden(detail);
            case 400:
            case 422:
                return McpErrors.invalidParams(detail, null);
            case 503:
                return McpErrors.unavailable(detail);
            default:
                return McpErrors.internal(detail, null);
        }
    }

    private static ObjectNode tool(
            String name, String title, String description, ObjectNode inputSchema, boolean readOnly) {
        ObjectNode tool =
                JSON.objectNode().put("name", name).put("title", title).put("description", description);
        tool.set("inputSchema", inputSchema);
        tool.putObject("annotations")
                .put("readOnlyHint", readOnly)
                .put("idempotentHint", true)
                .put("openWorldHint", false);
        return tool;
    }

    private static ObjectNode schema(Map<String, ObjectNode> properties, String... required) {
        ObjectNode schema = JSON.objectNode().put("type", "object");
        ObjectNode props = schema.putObject("properties");
        properties.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> props.set(e.getKey(), e.getValue().deepCopy()));
        if (required.length > 0) {
            ArrayNode req = schema.putArray("required");
            for (String r : required) {
                req.add(r);
            }
        }
        schema.put("additionalProperties", false);
        return schema;
    }

    // the three answers an input request can take (CompatArguments checks them like the REST input route does)
    private static ObjectNode responseSchema() {
        ObjectNode response = JSON.objectNode()
                .put("type", "object")
                .put(
                        "description",
                        "The answer: an elicitation result (action accept with content, decline or cancel); for a"
                                + " sampling request an upstream asked, a CreateMessageResult (role, content, model);"
                                + " for a roots request, a ListRootsResult (roots).");
        ArrayNode shapes = response.putArray("anyOf");
        ObjectNode elicited = shapes.addObject();
        ObjectNode props = elicited.putObject("properties");
        ArrayNode actions = props.putObject("action").putArray("enum");
        actions.add("accept").add("decline").add("cancel");
        props.putObject("content").put("type", "object");
        elicited.putArray("required").add("action");
        ObjectNode sampled = shapes.addObject();
        ObjectNode sampledProps = sampled.putObject("properties");
        sampledProps.putObject("role").putArray("enum").add("assistant").add("user");
        sampledProps.putObject("content").put("type", "object");
        sampledProps.putObject("model").put("type", "string");
        sampled.putArray("required").add("role").add("content").add("model");
        ObjectNode roots = shapes.addObject();
        roots.putObject("properties").putObject("roots").put("type", "array");
        roots.putArray("required").add("roots");
        return response;
    }
}
