package dev.taskgate.frontend.execution.rest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.quarkus.security.Authenticated;
import io.smallrye.common.annotation.Blocking;
import io.vertx.core.http.HttpServerResponse;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.auth.CallerResolver;
import dev.taskgate.frontend.execution.ExecutionCommands;
import dev.taskgate.frontend.execution.StopDelivery;
import dev.taskgate.frontend.mcp.progress.SettledOutcomes;
import dev.taskgate.frontend.problem.Echo;
import dev.taskgate.frontend.problem.ProblemKind;
import dev.taskgate.frontend.problem.Problems;
import dev.taskgate.frontend.query.ExecutionQueries;
import dev.taskgate.frontend.query.PageLimit;
import dev.taskgate.problem.ProblemException;
import dev.taskgate.problem.ProblemResponses;

/**
 * REST tool executions ({@code docs/mcp-frontend.md}, "REST API"). Every route needs a valid token
 * whose {@code org_id}/{@code project_id} match the path and which holds {@code tools:call}. The routes of one
 * execution accept the owner's id of any surface: a REST execution id or an MCP task id of either generation.
 *
 * <p>The methods run on worker threads: they read the body and query job-control over HTTP. A command's reply and
 * a read's {@code wait_ms} are awaited without a thread ({@link ExecutionCommands}, {@link SettledOutcomes}): the
 * method returns a stage, and RESTEasy Reactive finishes the request on a worker thread once it completes.
 */
@Path("/v1/orgs/{org}/projects/{project}/tool-executions")
@Authenticated
@Blocking
@Tag(name = "Tool executions")
public class ToolExecutionResource {
    /** Largest accepted request body. */
    public static final int MAX_BODY_BYTES = 1024 * 1024;

    static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    static final String IDEMPOTENT_REPLAYED = "Idempotent-Replayed";
    static final String ID_DESCRIPTION = "The execution: its REST execution_id, or the owner's MCP task id of either "
            + "generation (the same execution_id the owner list shows); another principal's id is 404 like an unknown one";
    private static final byte[] ACKNOWLEDGED = "{\"acknowledged\":true}".getBytes(StandardCharsets.UTF_8);

    private final CallerResolver callers;
    private final ExecutionCommands commands;
    private final ExecutionQueries queries;
    private final ExecutionHandles handles;
    private final long pollIntervalMs;
    private final String retryAfter;

    private final OperationCatalog catalog;
    private final ExecutionEvents events;
    private final SettledOutcomes settledOutcomes;

    ToolExecutionResource(
            CallerResolver callers,
            ExecutionCommands commands,
            ExecutionQueries queries,
            ExecutionHandles handles,
            FrontendConfig config,
            OperationCatalog catalog,
            ExecutionEvents events,
            SettledOutcomes settledOutcomes) {
        this.catalog = catalog;
        this.settledOutcomes = settledOutcomes;
        this.events = events;
        this.callers = callers;
        this.commands = commands;
        this.queries = queries;
        this.handles = handles;
        this.pollIntervalMs = config.pollInterval().toMillis();
        this.retryAfter = Long.toString(Problems.retryAfterSeconds(config.pollInterval()));
    }

    /** Creates an execution, or returns the one already bound to the {@code Idempotency-Key}. */
    @Operation(operationId = "createToolExecution", summary = "Create a tool execution")
    @Parameter(
            name = IDEMPOTENCY_KEY,
            in = ParameterIn.HEADER,
            required = true,
            description = "1-255 visible ASCII characters; a retry with the same key answers the same execution",
            schema = @Schema(type = SchemaType.STRING, minLength = 1, maxLength = 255))
    @APIResponse(
            responseCode = "202",
            description =
                    "Accepted: the execution (Location names it; Idempotent-Replayed: true when the key was already bound)",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ExecutionRepresentation.class)))
    @RequestBody(
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "CreateToolExecution")))
    @POST
    public CompletionStage<Response> create(
            @PathParam("org") String org,
            @PathParam("project") String project,
            HttpHeaders headers,
            UriInfo uri,
            InputStream body) {
        AuthenticatedCaller caller = callers.resolve(org, project);
        String receiptKey = idempotencyKey(headers);
        requireJson(headers.getHeaderString(HttpHeaders.CONTENT_TYPE));
        CreateExecutionBody request = CreateExecutionBody.parse(readBounded(body));
        if (request.viaGateway()
                && catalog.find(request.toolName())
                        .filter(OperationSpec::isUpstream)
                        .isEmpty()) {
            throw ProblemKind.UNKNOWN_TOOL
                    .problem("No upstream tool named '" + Echo.excerpt(request.toolName()) + "' is registered.")
                    .with("tool_name", Echo.excerpt(request.toolName()))
                    .toException();
        }
        long mark = settledOutcomes.markBeforeSubmitting(); // lets a waiting read of it skip its first read
        // absolute here: the response is built on the thread that completes the reply, outside the request scope
        // that a relative Location needs
        UriBuilder location = uri.getRequestUriBuilder().replaceQuery(null).fragment(null);
        return commands.submitAsync(caller, receiptKey, request.toolName(), request.input())
                .thenApply(accepted -> {
                    settledOutcomes.submitted(
                            accepted.executionId(), accepted.execution().status(), mark);
                    String handle = handles.mint(accepted.executionId(), Surface.REST, caller.caller());
                    Response.ResponseBuilder response = Response.accepted()
                            .location(location.path(handle).build())
                            .type(MediaType.APPLICATION_JSON)
                            .entity(json(handle, accepted.execution()));
                    if (!accepted.created()) {
                        response.header(IDEMPOTENT_REPLAYED, "true");
                    }
                    return response.build();
                });
    }

    /**
     * The caller's own retained executions of every surface (REST and both MCP generations), newest first:
     * {@code {items, next_cursor?}}, each under the id its own surface gave out and with its {@code surface}.
     * {@code limit} 1–100 (default 20) and {@code cursor} (from {@code next_cursor}); anything else is 400.
     */
    @Operation(operationId = "listToolExecutions", summary = "List the caller's executions")
    @APIResponse(
            responseCode = "200",
            description = "A page of the caller's executions of every surface, newest first",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = OwnerListRepresentation.class)))
    @GET
    public Response list(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor) {
        AuthenticatedCaller caller = callers.resolve(org, project);
        return Response.ok(
                        ProblemResponses.bytes(OwnerListRepresentation.of(
                                queries.listAll(caller.caller(), PageLimit.parse(limit), cursor),
                                s -> handles.mint(s.executionId(), s.surface(), caller.caller()),
                                pollIntervalMs)),
                        MediaType.APPLICATION_JSON)
                .build();
    }

    /**
     * The execution's status; with {@code wait_ms}, once it ended or asks for input, or when the wait is over
     * ({@link SettledOutcomes}).
     */
    @Operation(operationId = "getToolExecution", summary = "Get an execution")
    @APIResponse(
            responseCode = "200",
            description = "The execution's status",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ExecutionRepresentation.class)))
    @Parameter(name = "id", in = ParameterIn.PATH, required = true, description = ID_DESCRIPTION)
    @Parameter(
            name = ReadWait.PARAMETER,
            in = ParameterIn.QUERY,
            description = ReadWait.DESCRIPTION,
            schema = @Schema(type = SchemaType.INTEGER, minimum = "0", maximum = "45000"))
    @GET
    @Path("/{id}")
    public CompletionStage<Response> get(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @PathParam("id") String id,
            @QueryParam(ReadWait.PARAMETER) String waitMs) {
        AuthenticatedCaller caller = callers.resolve(org, project);
        int wait = ReadWait.parse(waitMs);
        UUID executionId = executionId(id, caller);
        CompletionStage<ExecutionSnapshot> snapshot = wait == 0
                ? CompletableFuture.completedFuture(queries.snapshot(executionId, caller.caller()))
                : settled(executionId, caller, wait).thenApply(ExecutionOutcome::execution);
        return snapshot.thenApply(
                read -> Response.ok(json(id, read), MediaType.APPLICATION_JSON).build());
    }

    /**
     * The result: 202 while not terminal, 200 with the exact {@code CallToolResult} bytes when completed, 409 when
     * failed or cancelled; with {@code wait_ms}, read once the execution ended or asks for input, or when the wait
     * is over.
     */
    @Operation(operationId = "getToolExecutionResult", summary = "Get an execution's result")
    @APIResponse(
            responseCode = "200",
            description = "Completed: the MCP CallToolResult, byte for byte",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "CallToolResult")))
    @APIResponse(
            responseCode = "202",
            description = "Not finished yet: the execution, with Retry-After",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ExecutionRepresentation.class)))
    @APIResponse(responseCode = "409", description = "Failed (execution-failed) or cancelled (execution-cancelled)")
    @Parameter(name = "id", in = ParameterIn.PATH, required = true, description = ID_DESCRIPTION)
    @Parameter(
            name = ReadWait.PARAMETER,
            in = ParameterIn.QUERY,
            description = ReadWait.DESCRIPTION,
            schema = @Schema(type = SchemaType.INTEGER, minimum = "0", maximum = "45000"))
    @GET
    @Path("/{id}/result")
    public CompletionStage<Response> result(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @PathParam("id") String id,
            @QueryParam(ReadWait.PARAMETER) String waitMs) {
        AuthenticatedCaller caller = callers.resolve(org, project);
        int wait = ReadWait.parse(waitMs);
        UUID executionId = executionId(id, caller);
        CompletionStage<ExecutionOutcome> outcome = wait == 0
                ? CompletableFuture.completedFuture(queries.outcome(executionId, caller.caller()))
                : settled(executionId, caller, wait);
        return outcome.thenApply(read -> result(id, read));
    }

    /** The outcome once the execution settled or {@code waitMs} passed, read without a thread waiting. */
    private CompletionStage<ExecutionOutcome> settled(UUID executionId, AuthenticatedCaller caller, int waitMs) {
        return settledOutcomes.readWhenSettled(
                executionId, caller.caller(), () -> queries.outcome(executionId, caller.caller()), waitMs);
    }

    private Response result(String id, ExecutionOutcome outcome) {
        switch (outcome.execution().status()) {
            case COMPLETED:
                if (outcome.result() == null) {
                    throw new IllegalStateException("job-control reported a completed execution without a result");
                }
                return Response.ok(outcome.result().getBytes(StandardCharsets.UTF_8), MediaType.APPLICATION_JSON)
                        .build();
            case FAILED:
                throw failed(outcome);
            case CANCELLED:
                throw ProblemKind.EXECUTION_CANCELLED.exception("The execution was cancelled; it has no result.");
            default:
                return Response.accepted(json(id, outcome.execution()))
                        .type(MediaType.APPLICATION_JSON)
                        .header("Retry-After", retryAfter)
                        .build();
        }
    }

    /**
     * The execution as server-sent events ({@link ExecutionEvents}): its {@code status} now, then {@code progress}
     * and {@code status} events until the terminal {@code status} event ends the stream.
     */
    @Operation(
            operationId = "streamToolExecutionEvents",
            summary = "Follow an execution's events",
            description = "Server-sent events: `status` (data: the execution, as GET /{id} answers it) first and on "
                    + "every change a client sees (status, input requests, a cancellation asked for), `progress` "
                    + "(data: ToolExecutionProgressEvent, best effort) as the tool reports, `: keep-alive` comments "
                    + "in silences. The stream ends after the terminal `status` event, or after "
                    + "taskgate.frontend.events.max-open (open it again); a client that loses it polls GET /{id}.")
    @APIResponse(
            responseCode = "200",
            description = "The event stream",
            content =
                    @Content(
                            mediaType = ExecutionEvents.MEDIA_TYPE,
                            schema =
                                    @Schema(
                                            type = SchemaType.STRING,
                                            description = "`event: status` and `event: progress` lines, each "
                                                    + "followed by one `data:` line of JSON")))
    @APIResponse(
            responseCode = "503",
            description = "Every event-stream place on this server is taken (Retry-After), or the execution store "
                    + "is not reachable")
    @Parameter(name = "id", in = ParameterIn.PATH, required = true, description = ID_DESCRIPTION)
    @GET
    @Path("/{id}/events")
    public Response events(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @PathParam("id") String id,
            @Context HttpServerResponse connection) {
        AuthenticatedCaller caller = callers.resolve(org, project);
        return events.open(caller, id, executionId(id, caller), connection);
    }

    /**
     * Asks for cancellation; the answer is the execution as it stands afterwards, with {@code stop_delivery} when a
     * running execution was asked to stop ({@link StopDelivery}).
     */
    @Operation(operationId = "cancelToolExecution", summary = "Cancel an execution")
    @APIResponse(
            responseCode = "202",
            description = "The execution as it stands after the request",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ExecutionRepresentation.class)))
    @Parameter(name = "id", in = ParameterIn.PATH, required = true, description = ID_DESCRIPTION)
    @POST
    @Path("/{id}/cancel")
    public CompletionStage<Response> cancel(
            @PathParam("org") String org, @PathParam("project") String project, @PathParam("id") String id) {
        AuthenticatedCaller caller = callers.resolve(org, project);
        return commands.cancelAsync(caller, executionId(id, caller)).thenApply(accepted -> {
            ExecutionRepresentation view = ExecutionRepresentation.of(id, accepted.execution(), pollIntervalMs);
            ExecutionRepresentation answer =
                    StopDelivery.of(accepted).map(view::withStopDelivery).orElse(view);
            return Response.accepted(ProblemResponses.bytes(answer))
                    .type(MediaType.APPLICATION_JSON)
                    .build();
        });
    }

    /**
     * Answers one input request: 200 {@code {"acknowledged": true}} once job-control recorded it. A key that is not
     * outstanding (answered, stale, never issued) and any answer for a terminal execution are acknowledged and
     * ignored; the execution's {@code status} shows whether it resumed.
     */
    @Operation(operationId = "provideToolExecutionInput", summary = "Answer an input request")
    @APIResponse(
            responseCode = "200",
            description = "Recorded (or ignored: see status)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "InputAcknowledged")))
    @RequestBody(
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(ref = "ProvideToolExecutionInput")))
    @Parameter(name = "id", in = ParameterIn.PATH, required = true, description = ID_DESCRIPTION)
    @POST
    @Path("/{id}/input")
    public CompletionStage<Response> input(
            @PathParam("org") String org,
            @PathParam("project") String project,
            @PathParam("id") String id,
            HttpHeaders headers,
            InputStream body) {
        AuthenticatedCaller caller = callers.resolve(org, project);
        UUID executionId = executionId(id, caller);
        requireJson(headers.getHeaderString(HttpHeaders.CONTENT_TYPE));
        ProvideInputBody request = ProvideInputBody.parse(readBounded(body));
        return commands.provideInputAsync(caller, executionId, Map.of(request.requestKey(), request.response()))
                .thenApply(accepted ->
                        Response.ok(ACKNOWLEDGED, MediaType.APPLICATION_JSON).build());
    }

    /**
     * The execution a handle of any surface names, if it verifies for this caller and the surface it claims (issue 20
     * item 7: one execution, both surfaces); anything else is the uniform 404, without a query.
     */
    private UUID executionId(String handle, AuthenticatedCaller caller) {
        return ExecutionHandles.parse(handle)
                .flatMap(claimed -> handles.verify(handle, claimed.surface(), caller.caller()))
                .orElseThrow(Problems::notFound);
    }

    private byte[] json(String handle, ExecutionSnapshot snapshot) {
        return ProblemResponses.bytes(ExecutionRepresentation.of(handle, snapshot, pollIntervalMs));
    }

    private static RuntimeException failed(ExecutionOutcome outcome) {
        String message = outcome.error() != null && outcome.error().message() != null
                ? outcome.error().message()
                : outcome.execution().statusMessage() != null
                        ? outcome.execution().statusMessage()
                        : "The execution failed.";
        var problem = ProblemKind.EXECUTION_FAILED.problem(message);
        if (outcome.error() != null && outcome.error().code() != null) {
            problem = problem.with("error_code", outcome.error().code());
        }
        return problem.toException();
    }

    private static String idempotencyKey(HttpHeaders headers) {
        List<String> values = headers.getRequestHeader(IDEMPOTENCY_KEY);
        if (values == null || values.isEmpty() || values.get(0).isEmpty()) {
            throw ProblemKind.MISSING_IDEMPOTENCY_KEY.exception("Send an Idempotency-Key header (1-255 visible "
                    + "ASCII characters) so that a retry cannot create a second execution.");
        }
        if (values.size() > 1) {
            throw ProblemKind.INVALID_REQUEST.exception("Send exactly one Idempotency-Key header.");
        }
        String key = values.get(0);
        if (key.length() > 255 || !key.chars().allMatch(c -> c >= 0x21 && c <= 0x7e)) {
            throw ProblemKind.INVALID_REQUEST.exception(
                    "The Idempotency-Key must be 1-255 visible ASCII characters (no spaces or control characters).");
        }
        return key;
    }

    private static void requireJson(String contentType) {
        MediaType type;
        try {
            type = contentType == null ? null : MediaType.valueOf(contentType);
        } catch (IllegalArgumentException e) {
            type = null;
        }
        boolean json = type != null
                && "application".equalsIgnoreCase(type.getType())
                && "json".equalsIgnoreCase(type.getSubtype());
        String charset = type == null ? null : type.getParameters().get(MediaType.CHARSET_PARAMETER);
        if (!json || (charset != null && !"utf-8".equals(charset.toLowerCase(Locale.ROOT)))) {
            throw ProblemKind.UNSUPPORTED_MEDIA_TYPE.exception("The body must be sent as application/json (UTF-8).");
        }
    }

    // Reads at most one byte past the limit: a chunked body without Content-Length is cut off here.
    private static byte[] readBounded(InputStream body) {
        if (body == null) {
            return new byte[0];
        }
        try {
            byte[] bytes = body.readNBytes(MAX_BODY_BYTES + 1);
            if (bytes.length > MAX_BODY_BYTES) {
                throw tooLarge();
            }
            return bytes;
        } catch (IOException e) {
            throw ProblemKind.INVALID_REQUEST.exception("The body could not be read completely.");
        }
    }

    static ProblemException tooLarge() {
        return ProblemKind.PAYLOAD_TOO_LARGE.exception("The body exceeds " + MAX_BODY_BYTES + " bytes.");
    }
}
