package dev.taskgate.frontend.execution;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

import jakarta.inject.Singleton;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.TaskSurface;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CancelExecution;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.ProvideInput;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.InstanceIdentity;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.auth.ToolPermissions;
import dev.taskgate.frontend.command.CommandGateway;
import dev.taskgate.frontend.command.CommandTimeoutException;
import dev.taskgate.frontend.command.CommandTooLargeException;
import dev.taskgate.frontend.command.CommandsInFlightException;
import dev.taskgate.frontend.problem.ProblemKind;
import dev.taskgate.frontend.problem.Problems;
import dev.taskgate.problem.ApiProblem;

/**
 * The commands every surface (REST, both MCP generations) sends about executions — submit, cancel, provide input —
 * through the {@link CommandGateway} to job-control: the checks made before a command leaves (the tool exists, the
 * caller may run it, the input satisfies its schema) and the mapping of job-control's reply to a result or a problem.
 * Nothing is published unless every check passed. Reads of execution state are {@code query.ExecutionQueries}.
 *
 * <p>Each command has a blocking form, which waits on the calling thread, and an asynchronous one ({@code …Async}),
 * which holds no thread while job-control answers; both publish on the calling thread.
 */
@Singleton
public class ExecutionCommands {
    private static final Logger LOG = Logger.getLogger(ExecutionCommands.class);

    private final SubmissionPolicy policy;
    private final CommandGateway gateway;
    private final Clock clock;
    private final String instanceId;
    private final long retryAfterSeconds;

    ExecutionCommands(
            SubmissionPolicy policy,
            CommandGateway gateway,
            Clock clock,
            InstanceIdentity identity,
            FrontendConfig config) {
        this.policy = policy;
        this.gateway = gateway;
        this.clock = clock;
        this.instanceId = identity.id();
        this.retryAfterSeconds = Problems.retryAfterSeconds(config.pollInterval());
    }

    /**
     * Submits a tool call under a receipt key. Returns job-control's {@link Accepted} (check
     * {@link Accepted#created()} for a replay); throws a problem for an unknown tool (422), a missing
     * {@code tools:write} (403), an invalid input (422 with {@code errors}), an input too large for its command
     * (413), a rejection, or no answer (503).
     */
    public Accepted submit(AuthenticatedCaller caller, String receiptKey, String toolName, JsonNode input) {
        return submit(caller, Surface.REST, TaskSurface.NATIVE, receiptKey, toolName, input);
    }

    /** As {@link #submit(AuthenticatedCaller, String, String, JsonNode)}, for a call that came through {@code surface}. */
    public Accepted submit(
            AuthenticatedCaller caller, Surface surface, String receiptKey, String toolName, JsonNode input) {
        return submit(caller, surface, TaskSurface.NATIVE, receiptKey, toolName, input);
    }

    /**
     * As {@link #submit(AuthenticatedCaller, Surface, String, String, JsonNode)}, naming the task surface the call
     * belongs to so that job-control applies that surface's admission bounds; over a bound the problem is 429
     * {@code admission-limit} with {@code Retry-After}.
     */
    public Accepted submit(
            AuthenticatedCaller caller,
            Surface surface,
            TaskSurface taskSurface,
            String receiptKey,
            String toolName,
            JsonNode input) {
        return submit(caller, surface, taskSurface, receiptKey, toolName, input, null);
    }

    /**
     * As {@link #submit(AuthenticatedCaller, Surface, TaskSurface, String, String, JsonNode)} for an MCP task with a
     * requested TTL in milliseconds ({@code null}: job-control's default). job-control clamps it to [1 min, 7 days];
     * the execution's snapshot reports the visibility end it granted ({@code visibleUntil}).
     */
    public Accepted submit(
            AuthenticatedCaller caller,
            Surface surface,
            TaskSurface taskSurface,
            String receiptKey,
            String toolName,
            JsonNode input,
            Long taskTtlMs) {
        return submit(caller, surface, taskSurface, receiptKey, toolName, input, taskTtlMs, null);
    }

    /**
     * As {@link #submit(AuthenticatedCaller, Surface, TaskSurface, String, String, JsonNode, Long)} for a 2025-11-25
     * task whose {@code tools/call} carried a {@code progressToken} (already checked storable): job-control keeps it
     * with the execution, so the task's progress can be reported under it from any replica.
     */
    public Accepted submit(
            AuthenticatedCaller caller,
            Surface surface,
            TaskSurface taskSurface,
            String receiptKey,
            String toolName,
            JsonNode input,
            Long taskTtlMs,
            JsonNode progressToken) {
        return join(submitAsync(caller, surface, taskSurface, receiptKey, toolName, input, taskTtlMs, progressToken));
    }

    /**
     * As {@link #submit(AuthenticatedCaller, String, String, JsonNode)}, without a thread waiting for job-control's
     * reply: the checks run and the command is published on the calling thread (or throw there), and the answer
     * completes when the reply arrives, on the instance reader's thread, failed with the problem where the blocking
     * form throws one.
     */
    public CompletableFuture<Accepted> submitAsync(
            AuthenticatedCaller caller, String receiptKey, String toolName, JsonNode input) {
        return submitAsync(caller, Surface.REST, TaskSurface.NATIVE, receiptKey, toolName, input, null, null);
    }

    /**
     * As {@link #submit(AuthenticatedCaller, Surface, TaskSurface, String, String, JsonNode, Long, JsonNode)},
     * without a thread waiting: see {@link #submitAsync(AuthenticatedCaller, String, String, JsonNode)}.
     */
    public CompletableFuture<Accepted> submitAsync(
            AuthenticatedCaller caller,
            Surface surface,
            TaskSurface taskSurface,
            String receiptKey,
            String toolName,
            JsonNode input,
            Long taskTtlMs,
            JsonNode progressToken) {
        policy.admit(caller, toolName, input);
        SubmitExecution command = new SubmitExecution(
                UUID.randomUUID(),
                clock.instant(),
                instanceId,
                caller.caller(),
                surface,
                receiptKey,
                toolName,
                input,
                taskSurface,
                taskTtlMs,
                progressToken,
                scopes(caller));
        return send(() -> gateway.submit(command), command.messageId());
    }

    /** Asks job-control to cancel; returns the execution as job-control reports it afterwards. */
    public Accepted cancel(AuthenticatedCaller caller, UUID executionId) {
        return join(cancelAsync(caller, executionId));
    }

    /** As {@link #cancel(AuthenticatedCaller, UUID)}, without a thread waiting: see {@link #submitAsync}. */
    public CompletableFuture<Accepted> cancelAsync(AuthenticatedCaller caller, UUID executionId) {
        CancelExecution command = cancellation(caller, executionId, "cancelled through the REST API");
        return send(() -> gateway.cancel(command), command.messageId());
    }

    /**
     * Asks job-control to cancel, recording {@code reason}; returns the execution as reported afterwards. Whether
     * the caller's current token holds {@code tools:write} travels with the command: job-control, which knows
     * whether the execution's tool is mutating, refuses the cancel with 403 otherwise (after its ownership check).
     */
    public Accepted cancel(AuthenticatedCaller caller, UUID executionId, String reason) {
        CancelExecution command = cancellation(caller, executionId, reason);
        return join(send(() -> gateway.cancel(command), command.messageId()));
    }

    private CancelExecution cancellation(AuthenticatedCaller caller, UUID executionId, String reason) {
        return new CancelExecution(
                UUID.randomUUID(),
                clock.instant(),
                instanceId,
                executionId,
                caller.caller(),
                reason,
                ToolPermissions.mayCancelMutating(caller),
                scopes(caller));
    }

    /**
     * Delivers responses (request key → {@code InputResponse}, shapes already checked) to job-control; returns the
     * execution as reported afterwards. Keys that are not outstanding are ignored by job-control.
     */
    public Accepted provideInput(AuthenticatedCaller caller, UUID executionId, Map<String, JsonNode> responses) {
        return join(provideInputAsync(caller, executionId, responses));
    }

    /** As {@link #provideInput}, without a thread waiting: see {@link #submitAsync}. */
    public CompletableFuture<Accepted> provideInputAsync(
            AuthenticatedCaller caller, UUID executionId, Map<String, JsonNode> responses) {
        ProvideInput command = new ProvideInput(
                UUID.randomUUID(),
                clock.instant(),
                instanceId,
                executionId,
                caller.caller(),
                responses,
                scopes(caller));
        return send(() -> gateway.provideInput(command), command.messageId());
    }

    /**
     * The caller's scopes, sorted, for the command: job-control re-checks {@code tools:write} for mutating tools
     * itself (docs/security.md "Kafka"); the record is signed, so only a frontend can state them.
     */
    private static List<String> scopes(AuthenticatedCaller caller) {
        return caller.scopes().stream().sorted().toList();
    }

    /** The reply as {@link Accepted}, failed (or thrown, before anything was published) with its problem. */
    private CompletableFuture<Accepted> send(Supplier<CompletableFuture<CommandReply>> call, UUID messageId) {
        CompletableFuture<CommandReply> reply;
        try {
            reply = call.get();
        } catch (RuntimeException e) {
            throw problem(e, messageId);
        }
        return reply.handle((answer, failure) -> {
            if (failure != null) {
                throw problem(
                        failure instanceof CompletionException && failure.getCause() instanceof RuntimeException
                                ? (RuntimeException) failure.getCause()
                                : new IllegalStateException(failure),
                        messageId);
            }
            return accepted(answer);
        });
    }

    private RuntimeException problem(RuntimeException failure, UUID messageId) {
        if (failure instanceof CommandTimeoutException) {
            LOG.warnf("command unanswered messageId=%s reason=%s", messageId, failure.getMessage());
            return Problems.unavailable(
                    "The execution service did not answer in time; retry the same request.", retryAfterSeconds);
        }
        if (failure instanceof CommandsInFlightException) {
            LOG.infof("command not sent, too many waiting for a reply messageId=%s", messageId);
            return Problems.unavailable(
                    "Too many requests on this server wait for the execution service; retry the same request.",
                    retryAfterSeconds);
        }
        if (failure instanceof CommandTooLargeException) {
            CommandTooLargeException e = (CommandTooLargeException) failure;
            LOG.infof("command refused for its size messageId=%s reason=%s", messageId, e.getMessage());
            return ProblemKind.PAYLOAD_TOO_LARGE.exception(
                    "The input is too large to run: sealed for the execution service it "
                            + (e.commandBytes() > 0 ? "takes " + e.commandBytes() + " bytes, more than " : "exceeds ")
                            + "the " + CommandGateway.MAX_COMMAND_BYTES + " bytes a command may carry (about "
                            + CommandGateway.MAX_COMMAND_BYTES * 3 / 4 / 1024 + " KiB of input JSON).");
        }
        return failure;
    }

    /** Waits for an answer of {@link #send}, throwing its problem as the blocking forms do. */
    private static Accepted join(CompletableFuture<Accepted> answer) {
        try {
            return answer.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException) {
                throw (RuntimeException) e.getCause();
            }
            throw e;
        }
    }

    private static Accepted accepted(CommandReply reply) {
        if (reply instanceof Accepted) {
            return (Accepted) reply;
        }
        Rejected rejected = (Rejected) reply;
        Problem problem = rejected.problem();
        if (problem.status() < 400 || problem.status() > 599) {
            throw new IllegalStateException("job-control rejected a command with status " + problem.status());
        }
        if (problem.status() == 404) {
            throw Problems.notFound();
        }
        ApiProblem answer = ApiProblem.from(problem);
        if (rejected.retryAfterSeconds() != null) {
            answer = answer.withHeader(Problems.RETRY_AFTER, Long.toString(rejected.retryAfterSeconds()));
        }
        throw answer.toException();
    }
}
