package dev.taskgate.frontend.mcp.v2025;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import jakarta.inject.Singleton;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.mcp.JsonRpcRequest;
import dev.taskgate.frontend.mcp.LogNotifications;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;
import dev.taskgate.frontend.mcp.McpResult;
import dev.taskgate.frontend.mcp.ProgressNotifications;
import dev.taskgate.frontend.mcp.progress.ExecutionSignal;
import dev.taskgate.frontend.mcp.progress.ExecutionSignals;
import dev.taskgate.frontend.mcp.progress.ExecutionWatch;

/**
 * {@code tasks/result} of a running task in a 2025-11-25 session, as a transport streams it: a {@link Wait} tells
 * what to send the client before the end. Each outstanding input request of an {@code input_required} task, as a
 * JSON-RPC request carrying the related-task {@code _meta} (tasks §7; {@link ClientRequests}; only what the client's
 * capabilities allow, other requests are left to the other input routes); the task's progress as
 * {@code notifications/progress} under the {@code progressToken} its {@code tools/call} carried (tasks §9; kept by
 * job-control, so any replica can report it), also with the related-task {@code _meta}, strictly increasing above the
 * progress recorded when the wait opened, at most one per progress interval, none after the task is terminal; and the
 * operation's log messages at or above the level the session set with {@code logging/setLevel}, as
 * {@code notifications/message} with the related-task {@code _meta}, those that arrived before the end ahead of it.
 * The wait ends when the task is terminal; the answer is then exactly what {@link Mcp2025Tasks#result} answers.
 * Input answers come back as separate messages ({@link ClientResponses}). While a wait is open its watch
 * {@linkplain ExecutionWatch#carryMessages() carries} the task's messages, so the listen streams of this instance
 * leave them out. Over Streamable HTTP: {@code mcp.http.Mcp2025TaskResultStream}; over stdio:
 * {@code mcp.stdio.StdioConnection}.
 */
@Singleton
public class Mcp2025TaskResults {
    private static final Logger LOG = Logger.getLogger(Mcp2025TaskResults.class);
    // A deadline ends every execution; this bounds a wait on one whose deadline is unknown (as Mcp2025Tasks does).
    private static final Duration LONGEST_WAIT = Duration.ofHours(25);
    private static final int MAX_QUEUED_LOGS = 256;

    private final Mcp2025Tasks tasks;
    private final ExecutionSignals signals;
    private final ClientRequests requests;
    private final Duration poll;
    private final Duration progressInterval;

    Mcp2025TaskResults(Mcp2025Tasks tasks, ExecutionSignals signals, ClientRequests requests, FrontendConfig config) {
        this.tasks = tasks;
        this.signals = signals;
        this.requests = requests;
        this.poll = config.mcp().syncPollInterval();
        this.progressInterval = config.mcp().progressInterval();
    }

    /**
     * Starts waiting on the task {@code request} names, for the caller's {@code session}; the caller closes it.
     * An unknown task is thrown as {@link McpException}. Blocking.
     */
    public Wait open(JsonRpcRequest request, Mcp2025Session session, AuthenticatedCaller caller) {
        String taskId = Mcp2025Tasks.taskId(request);
        UUID executionId = tasks.verify(taskId, caller);
        return new Wait(executionId, taskId, session, caller);
    }

    /** The {@code tasks/result} answer (once the wait ended, it no longer blocks). Blocking. */
    public McpResult result(JsonRpcRequest request, AuthenticatedCaller caller) {
        return tasks.result(request, caller);
    }

    /** Waits on one task for new input requests, progress, log messages or its end. One thread at a time. */
    public final class Wait implements AutoCloseable {
        private final UUID executionId;
        private final String taskId;
        private final Mcp2025Session session;
        private final AuthenticatedCaller caller;
        private final ExecutionWatch watch;
        private final Set<String> asked = new HashSet<>();
        private final long giveUp = System.nanoTime() + LONGEST_WAIT.toNanos();
        private ProgressNotifications progress;
        private final List<ObjectNode> logs = new ArrayList<>();
        private boolean readDue = true;
        private long nextRead;
        private boolean ended;

        private Wait(UUID executionId, String taskId, Mcp2025Session session, AuthenticatedCaller caller) {
            this.executionId = executionId;
            this.taskId = taskId;
            this.session = session;
            this.caller = caller;
            this.watch = signals.watch(executionId); // opened before the first read: no change is missed
            watch.carryMessages(); // this stream carries the task's messages: the listen streams here leave them out
        }

        /**
         * Ends the wait early, from any thread (stdio {@code notifications/cancelled} of the {@code tasks/result}
         * request): {@link #next} then throws. The task goes on.
         */
        public void cancel() {
            watch.callerGone();
        }

        /**
         * The messages to send next (input requests, progress, log messages); {@code null} once the task is
         * terminal and every log message that came before the end was sent; an empty list when {@code maxNanos}
         * passed without any (a heartbeat is due). The task's state is read from job-control at the first call,
         * after a lifecycle record of a change and every poll interval. Throws {@link McpException} when the wait
         * gives up.
         */
        public List<ObjectNode> next(long maxNanos) {
            long until = maxNanos == Long.MAX_VALUE ? giveUp : System.nanoTime() + maxNanos;
            while (true) {
                if (!logs.isEmpty()) {
                    List<ObjectNode> batch = new ArrayList<>(logs);
                    logs.clear();
                    return batch;
                }
                if (ended) {
                    return null;
                }
                long now = System.nanoTime();
                if (readDue || now - nextRead >= 0) {
                    readDue = false;
                    nextRead = now + poll.toNanos();
                    ExecutionSnapshot execution =
                            tasks.outcome(executionId, caller).execution();
                    if (execution.status().isTerminal()) {
                        ended = true;
                        drainLogs(); // messages that arrived before the end go out before it
                        continue;
                    }
                    if (progress == null) {
                        progress = new ProgressNotifications(
                                execution.progressToken(), progressInterval, Mcp2025Tasks.relatedTask(taskId));
                        progress.raiseFloor(execution.progress()); // what an earlier stream may have shown
                    }
                    List<ObjectNode> messages = newRequests(execution);
                    if (!messages.isEmpty()) {
                        return messages;
                    }
                    now = System.nanoTime();
                }
                if (progress.hasPending() && now - progress.dueAt(now) >= 0) {
                    if (!endSignalled()) {
                        return List.of(progress.take(now));
                    }
                    continue; // a state change came first: read it, so no progress follows the end (tasks §9)
                }
                if (now - giveUp >= 0) {
                    throw McpErrors.internal("The task did not end in time.", null);
                }
                if (now - until >= 0) {
                    return List.of();
                }
                long wakeAt = Math.min(until - now, nextRead - now);
                if (progress.hasPending()) {
                    wakeAt = Math.min(wakeAt, progress.dueAt(now) - now);
                }
                ExecutionSignal signal;
                try {
                    signal = watch.poll(Math.max(0, wakeAt));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw McpErrors.internal("The request was interrupted.", null);
                }
                if (signal != null) {
                    onSignal(signal);
                }
            }
        }

        // Drains what already arrived; whether a change of state was among it (then the state is read first).
        private boolean endSignalled() {
            ExecutionSignal signal;
            while ((signal = watch.poll()) != null) {
                onSignal(signal);
            }
            return readDue;
        }

        private void drainLogs() {
            ExecutionSignal signal;
            while ((signal = watch.poll()) != null) {
                if (signal.kind() == ExecutionSignal.Kind.LOG) {
                    onSignal(signal);
                }
            }
        }

        private void onSignal(ExecutionSignal signal) {
            switch (signal.kind()) {
                case PROGRESS -> {
                    if (progress != null) {
                        progress.offer(signal.progress());
                    }
                }
                case LOG -> {
                    if (LogNotifications.wanted(signal.log(), session.logLevel()) && logs.size() < MAX_QUEUED_LOGS) {
                        logs.add(LogNotifications.of(signal.log(), Mcp2025Tasks.relatedTask(taskId)));
                    }
                }
                case CHANGED -> readDue = true;
                default -> // CALLER_GONE: the request was cancelled (stdio); a disconnect never cancels a task
                    throw McpErrors.internal("The tasks/result request was cancelled; the task goes on.", null);
            }
        }

        private List<ObjectNode> newRequests(ExecutionSnapshot execution) {
            if (execution.status() != ExecutionStatus.INPUT_REQUIRED || execution.inputRequests() == null) {
                return List.of();
            }
            ObjectNode fresh = JsonNodeFactory.instance.objectNode();
            execution.inputRequests().forEach((key, value) -> {
                if (asked.add(key)) {
                    fresh.set(key, value);
                }
            });
            if (fresh.isEmpty()) {
                return List.of();
            }
            ClientRequests.Plan plan = requests.plan(session, executionId, fresh, taskId);
            if (!plan.isComplete()) {
                LOG.debugf(
                        "2025 client cannot be asked for task input executionId=%s missing=%s",
                        executionId, plan.unsupported());
            }
            return new ArrayList<>(plan.messages());
        }

        /** The task's execution. */
        public UUID executionId() {
            return executionId;
        }

        @Override
        public void close() {
            watch.close();
        }
    }
}
