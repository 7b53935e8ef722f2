package dev.taskgate.worker.execution;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.event.Progress;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.contracts.journal.JournalEntry;
import dev.taskgate.contracts.work.CommitGranted;
import dev.taskgate.contracts.work.InputProvided;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.contracts.work.StopRequested;
import dev.taskgate.tracing.RecordTracing;
import dev.taskgate.worker.WorkerConfig;
import dev.taskgate.worker.child.ChildServer;
import dev.taskgate.worker.child.workspace.Workspace;
import dev.taskgate.worker.metrics.UpstreamCallMeters;
import dev.taskgate.worker.pool.ChildMessage;
import dev.taskgate.worker.pool.ChildPool;
import dev.taskgate.worker.pool.ChildProcess;
import dev.taskgate.worker.pool.RunObserver;
import dev.taskgate.worker.report.FailureCode;
import dev.taskgate.worker.report.RecordSize;
import dev.taskgate.worker.report.TerminalDelivery;
import dev.taskgate.worker.report.WorkerEventPublisher;
import dev.taskgate.worker.report.WorkerEvents;
import dev.taskgate.worker.upstream.OwnerClaims;
import dev.taskgate.worker.upstream.UpstreamCalls;
import dev.taskgate.worker.upstream.UpstreamRefusedException;
import dev.taskgate.worker.workspace.WorkspaceRegistry;

/**
 * Runs the dispatches ({@code RunOperation} records) this instance takes: refuses bad work with a {@code Failed}
 * event, drops duplicates, honours stops that arrive early, hands admitted work to an idle child, forwards the
 * control signals for a held dispatch (stop, input, commit decisions) to its child, and turns what the child reports
 * into exactly one terminal event per dispatch.
 */
@ApplicationScoped
public class DispatchRunner {
    private static final Logger LOG = Logger.getLogger(DispatchRunner.class);
    private static final int MAX_LOG_MESSAGES = 1000;
    private static final Duration LOG_FLUSH_TIMEOUT = Duration.ofSeconds(2);
    static final String STOPPED_BEFORE_START = "stopped before the operation started; it did not run";

    private final ChildPool pool;
    private final WorkerEventPublisher publisher;
    private final WorkerEvents events;
    private final HeldExecutions held;
    private final InputValidator validator;
    private final OperationCatalog catalog;
    private final Clock clock;
    private final WorkerConfig config;
    private final BoundedKeySet dispatched;
    private final BoundedKeySet stops;
    private final FrontierVerifier frontiers;
    private final WorkspaceRegistry workspaces;
    private final ArtifactRelay artifacts;
    private final UpstreamCalls upstreams;
    private final WorkDrain drain;
    private final TerminalDelivery terminals;
    private final OwnerClaims claims;
    private final UpstreamCallMeters upstreamMeters;
    // Waiting for an idle child can take as long as the running operations do: it happens here, on a thread
    // of our own, never on an event loop or a Vert.x worker (whose blocked-thread checker would fire).
    private final ExecutorService dispatcher = Executors.newSingleThreadExecutor(r -> new Thread(r, "work-dispatcher"));
    private final ScheduledExecutorService runTimers = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "run-timer");
        t.setDaemon(true);
        return t;
    });

    @Inject
    DispatchRunner(
            ChildPool pool,
            WorkerEventPublisher publisher,
            WorkerEvents events,
            HeldExecutions held,
            InputValidator validator,
            OperationCatalog catalog,
            Clock clock,
            WorkerConfig config,
            FrontierVerifier frontiers,
            WorkspaceRegistry workspaces,
            ArtifactRelay artifacts,
            UpstreamCalls upstreams,
            OwnerClaims claims,
            WorkDrain drain,
            UpstreamCallMeters upstreamMeters) {
        this.upstreamMeters = upstreamMeters;
        this.drain = drain;
        this.upstreams = upstreams;
        this.claims = claims;
        this.frontiers = frontiers;
        this.artifacts = artifacts;
        this.workspaces = workspaces;
        this.pool = pool;
        this.publisher = publisher;
        this.events = events;
        this.held = held;
        this.validator = validator;
        this.catalog = catalog;
        this.clock = clock;
        this.config = config;
        this.terminals = new TerminalDelivery(
                publisher::publish,
                events::outcomeTooLarge,
                config.publishTimeout(),
                dispatcher::isShutdown,
                pause -> Thread.sleep(pause.toMillis()));
        this.dispatched = new BoundedKeySet(config.rememberedExecutions());
        this.stops = new BoundedKeySet(config.rememberedExecutions());
    }

    @PreDestroy
    void close() {
        dispatcher.shutdownNow();
        runTimers.shutdownNow();
    }

    /**
     * Handles one {@code RunOperation}. The returned stage completes once the outcome of the record is settled
     * for Kafka: the operation has started (its {@code Started} event acknowledged), or it was refused or
     * stopped (that event acknowledged), or it was a duplicate. It fails when the record cannot be handled.
     */
    public CompletionStage<Void> dispatch(RunOperation run) {
        return CompletableFuture.supplyAsync(() -> admitLogged(run), dispatcher).thenCompose(Function.identity());
    }

    /** {@link #admit}, with the execution in the logging context of the dispatcher thread meanwhile. */
    private CompletionStage<Void> admitLogged(RunOperation run) {
        MDC.put(RecordTracing.EXECUTION_ID, run.executionId().toString());
        try {
            return admit(run);
        } finally {
            MDC.remove(RecordTracing.EXECUTION_ID);
        }
    }

    /** Handles a {@code StopRequested}: stops the held dispatch with that epoch, or remembers it for later. */
    public void requestStop(StopRequested stop) {
        ExecutionKey key = new ExecutionKey(stop.executionId(), stop.epoch());
        if (!stop.isFor(config.instanceId())) {
            LOG.debugf("Stop addressed to another instance ignored [%s workerId=%s]", key, stop.workerId());
            return;
        }
        stops.add(key);
        ExecutionRun run = held.find(key).orElse(null);
        if (run == null) {
            LOG.debugf("Stop remembered for a dispatch not held here [%s]", key);
            return;
        }
        if (run.requestStop()) {
            armKillTimer(run);
        }
    }

    /**
     * Handles an {@code InputProvided}: hands the response to the child of the held dispatch with that epoch. A
     * signal for a dispatch held elsewhere (or already ended) is ignored; the child ignores keys it is not waiting
     * for, so a redelivered signal is harmless.
     */
    public void provideInput(InputProvided input) {
        ExecutionKey key = new ExecutionKey(input.executionId(), input.epoch());
        ExecutionRun run = held.find(key).orElse(null);
        if (run == null || !run.deliverInput(input.requestKey(), input.response())) {
            LOG.debugf("Input response for a dispatch not running here [%s requestKey=%s]", key, input.requestKey());
            return;
        }
        LOG.debugf("Input response handed to the child [%s requestKey=%s]", key, input.requestKey());
    }

    /**
     * Hands a commit grant to the child of the held dispatch, unless it names another instance: then this instance
     * runs a duplicate of that dispatch, which must never apply the plan the owner was granted.
     */
    public void grantCommit(CommitGranted granted) {
        if (!granted.isFor(config.instanceId())) {
            LOG.infof(
                    "Commit grant for another instance ignored [%s planHash=%s workerId=%s]",
                    new ExecutionKey(granted.executionId(), granted.epoch()), granted.planHash(), granted.workerId());
            return;
        }
        decideCommit(granted.executionId(), granted.epoch(), granted.planHash(), true, null);
    }

    /**
     * Hands job-control's answer to a commit request to the child of the held dispatch with that epoch; ignored for a
     * dispatch held elsewhere (the child also ignores an answer for a plan it does not wait for).
     */
    public void decideCommit(UUID executionId, long epoch, String planHash, boolean granted, String reason) {
        ExecutionKey key = new ExecutionKey(executionId, epoch);
        ExecutionRun run = held.find(key).orElse(null);
        if (run == null || !run.deliverCommit(planHash, granted, reason)) {
            LOG.debugf("Commit decision for a dispatch not running here [%s planHash=%s]", key, planHash);
            return;
        }
        LOG.infof("Commit %s handed to the child [%s planHash=%s]", granted ? "granted" : "refused", key, planHash);
    }

    /** Whether a stop for this dispatch is remembered. */
    public boolean isStopRemembered(ExecutionKey key) {
        return stops.contains(key);
    }

    private CompletableFuture<Void> admit(RunOperation record) {
        ExecutionKey key = new ExecutionKey(record.executionId(), record.epoch());
        if (drain.isDraining()) {
            return leftForAnotherInstance(key);
        }
        if (!dispatched.add(key)) {
            LOG.infof("Duplicate RunOperation dropped [%s messageId=%s]", key, record.messageId());
            return CompletableFuture.completedFuture(null);
        }
        // a reconciliation run reports what the files show; a stop cannot change that (issue 6, journal)
        boolean stoppable = record.journal() == null;
        if (stoppable && stops.contains(key)) {
            return report(events.stopped(key, STOPPED_BEFORE_START));
        }
        OperationSpec spec = catalog.find(record.operation())
                .or(() -> upstreams.findAfterRefresh(record.operation()))
                .orElse(null);
        if (spec == null && upstreams.unavailableUpstreamOf(record.operation()).isPresent()) {
            return report(events.failed(
                    key,
                    FailureCode.UPSTREAM_UNAVAILABLE,
                    "the upstream of " + record.operation()
                            + " is unavailable now (unreachable, or its circuit is open); the tool was not called"));
        }
        if (spec == null) {
            return report(events.failed(
                    key,
                    FailureCode.UNKNOWN_OPERATION,
                    "operation '" + record.operation() + "' is not registered in this worker"));
        }
        List<String> violations = validator.violations(spec, record.input());
        if (!violations.isEmpty()) {
            return report(events.failed(
                    key,
                    FailureCode.INVALID_INPUT,
                    "input does not match the schema of " + spec.name() + ": " + String.join("; ", violations)));
        }
        Workspace workspace = null;
        if (spec.workspace()) {
            workspace = workspaces.find(record.workspace()).orElse(null);
            if (workspace == null) {
                return report(events.failed(
                        key,
                        FailureCode.WORKSPACE_NOT_REGISTERED,
                        record.workspace() == null
                                ? spec.name()
                                        + " needs a workspace and the dispatch names none; nothing was read or changed"
                                : "workspace " + record.workspace()
                                        + " is not registered on this worker; nothing was read " + "or changed"));
            }
        }
        JsonNode upstreamTarget = null;
        if (spec.isUpstream()) {
            try {
                upstreamTarget = upstreams.targetOf(spec);
            } catch (UpstreamRefusedException e) {
                return report(events.failed(key, FailureCode.UPSTREAM_REFUSED, e.getMessage()));
            }
        }
        if (isPastDeadline(record)) {
            return report(deadlineExceeded(key, record));
        }
        ExecutionRun run = new ExecutionRun(key, record.operation(), stoppable, record.workspace());
        held.add(run);
        ChildProcess child;
        try {
            child = pool.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            held.remove(run);
            // Shutting down: leave the record unacknowledged so that it is delivered again after a restart.
            return new CompletableFuture<>();
        }
        if (drain.isDraining()) {
            pool.returnUnused(child);
            held.remove(run);
            dispatched.remove(key);
            return leftForAnotherInstance(key);
        }
        if ((stoppable && stops.contains(key)) || isPastDeadline(record)) {
            pool.returnUnused(child);
            held.remove(run);
            return report(
                    stoppable && stops.contains(key)
                            ? events.stopped(key, STOPPED_BEFORE_START)
                            : deadlineExceeded(key, record));
        }
        StartReport start = new StartReport(events.started(key, child.pid()), publisher::publish);
        boolean startHeld = StartReport.mayHold(
                config.startReportDelay(), spec.mutating(), spec.isUpstream(), record.journal() != null);
        if (!startHeld) {
            try {
                await(start.send());
            } catch (RuntimeException e) {
                pool.returnUnused(child);
                held.remove(run);
                dispatched.remove(key);
                return CompletableFuture.failedFuture(
                        new IllegalStateException("Started not acknowledged for " + key, e));
            }
        }
        if (spec.isUpstream()) {
            Optional<CompletableFuture<Void>> notMine = claimOrRelease(key, child, run, spec.mutating());
            if (notMine.isPresent()) {
                return notMine.get();
            }
        }
        JsonNode journal = record.journal() == null ? null : Wire.mapper().valueToTree(record.journal());
        JsonNode resume = frontiers.resumeOf(record).orElse(null);
        long sequenceBase = frontiers.sequenceBase(record);
        JsonNode workspaceJson = workspace == null ? null : workspace.toJson();
        JsonNode target = upstreamTarget;
        if (run.start(
                child,
                () -> child.run(
                        record.operation(),
                        record.input(),
                        journal,
                        sequenceBase,
                        resume,
                        workspaceJson,
                        target,
                        new Observer(
                                run,
                                start,
                                spec.isUpstream()
                                        ? upstreamMeters.started(spec.upstream().upstream())
                                        : null)))) {
            armKillTimer(run);
        }
        LOG.debugf("Operation started [%s operation=%s childPid=%d]", key, record.operation(), child.pid());
        if (!startHeld) {
            return CompletableFuture.completedFuture(null);
        }
        runTimers.schedule(start::send, config.startReportDelay().toNanos(), TimeUnit.NANOSECONDS);
        return start.settled();
    }

    /**
     * An upstream call is made by the owner of its epoch only: this instance calls when job-control confirms that it
     * owns the epoch. A duplicate delivery (the owner died before committing the offset, and the record reached a
     * restarted instance before the loss was settled) ends here without a report of its own (job-control fences a
     * duplicate's reports anyway), so even a read-only tool is not called twice for one epoch. When job-control cannot
     * be asked, a mutating call fails without being made; a read-only one is made (calling it again is safe).
     *
     * @return empty when this instance may call; otherwise the outcome of the record
     */
    private Optional<CompletableFuture<Void>> claimOrRelease(
            ExecutionKey key, ChildProcess child, ExecutionRun run, boolean mutating) {
        OwnerClaims.Claim claim;
        try {
            claim = claims.claim(key.executionId(), key.epoch());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            claim = OwnerClaims.Claim.UNKNOWN;
        }
        if (claim == OwnerClaims.Claim.GRANTED) {
            return Optional.empty();
        }
        if (claim == OwnerClaims.Claim.UNKNOWN && !mutating) {
            LOG.warnf("Owner claim unanswered; the read-only upstream call is made anyway [%s]", key);
            return Optional.empty();
        }
        pool.returnUnused(child);
        held.remove(run);
        if (claim == OwnerClaims.Claim.REFUSED) {
            LOG.warnf("Duplicate delivery of an upstream call not run: another instance owns the epoch [%s]", key);
            return Optional.of(CompletableFuture.completedFuture(null));
        }
        return Optional.of(report(events.failed(
                key,
                FailureCode.UPSTREAM_REFUSED,
                run.operation() + " was not called: job-control could not confirm that this worker owns the "
                        + "execution, and a mutating upstream call must not happen twice")));
    }

    // stopping: the record stays unacknowledged and is delivered to the instance that takes over its partition
    private CompletableFuture<Void> leftForAnotherInstance(ExecutionKey key) {
        LOG.infof("Not started: this instance is stopping [%s]", key);
        return new CompletableFuture<>();
    }

    private boolean isPastDeadline(RunOperation record) {
        return !clock.instant().isBefore(record.deadline());
    }

    private WorkerEvent deadlineExceeded(ExecutionKey key, RunOperation record) {
        return events.failed(
                key,
                FailureCode.DEADLINE_EXCEEDED,
                "the execution deadline " + record.deadline() + " passed before the operation started");
    }

    private CompletableFuture<Void> report(WorkerEvent event) {
        LOG.infof(
                "Dispatch ended without running [executionId=%s epoch=%d event=%s]",
                event.executionId(), event.epoch(), event.kind());
        return publisher.publish(event);
    }

    private void armKillTimer(ExecutionRun run) {
        ChildProcess child = run.child();
        LOG.infof("Stop sent to the child [%s childPid=%d]", run.key(), child.pid());
        run.armKillTimer(runTimers.schedule(
                () -> {
                    if (run.markKilledForStop()) {
                        LOG.warnf(
                                "Child ignored the stop request; killing it [%s childPid=%d grace=%s]",
                                run.key(), child.pid(), config.stopGrace());
                        child.kill();
                    }
                },
                config.stopGrace().toMillis(),
                TimeUnit.MILLISECONDS));
    }

    private void await(CompletableFuture<Void> ack) {
        try {
            ack.get(config.publishTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the broker", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the broker refused the event", e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("no acknowledgement within " + config.publishTimeout(), e);
        }
    }

    private static String seconds(Duration duration) {
        long millis = duration.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
    }

    /** Turns one run's child lines into events; runs on the child's reader thread. */
    private final class Observer implements RunObserver {
        private final ExecutionRun run;
        private final ProgressThrottle throttle =
                new ProgressThrottle(config.progressInterval().toMillis());
        private int logMessages;
        private CompletableFuture<Void> lastLog = CompletableFuture.completedFuture(null);
        private final UpstreamCallMeters.Call upstreamCall;
        private final StartReport start;

        /** @param upstreamCall when the operation is an upstream tool, its call's meter; else {@code null} */
        Observer(ExecutionRun run, StartReport start, UpstreamCallMeters.Call upstreamCall) {
            this.run = run;
            this.start = start;
            this.upstreamCall = upstreamCall;
        }

        @Override
        public void onMessage(ChildProcess child, ChildMessage message) {
            ExecutionKey key = run.key();
            if (reportsBeforeEnd(message.kind())) {
                start.send(); // job-control applies a run's reports only once it knows the run started
            }
            switch (message.kind()) {
                case PROGRESS ->
                    offerProgress(events.progress(key, message.progress(), message.total(), message.message()));
                case INPUT -> requestInput(child, key, message);
                case STAGE -> stageResult(key, message);
                case COMMIT -> requestCommit(child, key, message);
                case CHECKPOINT -> saveCheckpoint(key, message.plan());
                case ARTIFACT_SAVE -> artifacts.save(child, key, run.workspace(), message.artifact());
                case ARTIFACT_LOAD -> artifacts.load(child, key, run.workspace(), message.artifact());
                case RESULT -> end(child, () -> events.finished(key, message.result()), true);
                case ERROR -> end(child, () -> failure(key, message), true);
                case STOPPED -> end(child, () -> events.stopped(key, message.message()), true);
                case LOG -> logForCaller(key, message.log());
                case READY -> LOG.warnf("Unexpected ready line during a run [%s childPid=%d]", key, child.pid());
            }
        }

        /** Whether the line becomes a worker event other than the run's end (log lines go to the progress topic). */
        private static boolean reportsBeforeEnd(ChildMessage.Kind kind) {
            return switch (kind) {
                case RESULT, ERROR, STOPPED, LOG, READY -> false;
                case PROGRESS, INPUT, STAGE, COMMIT, CHECKPOINT, ARTIFACT_SAVE, ARTIFACT_LOAD -> true;
            };
        }

        // an upstream's failure is told as the child worded it: it names the upstream, the tool and what happened
        private WorkerEvent failure(ExecutionKey key, ChildMessage message) {
            if (ChildServer.UPSTREAM_FAILED.equals(message.code())) {
                return events.failed(key, FailureCode.UPSTREAM_FAILED, message.message());
            }
            if (ChildServer.UPSTREAM_UNAVAILABLE.equals(message.code())) {
                return events.failed(key, FailureCode.UPSTREAM_UNAVAILABLE, message.message());
            }
            return events.failed(
                    key,
                    FailureCode.OPERATION_ERROR,
                    run.operation() + " failed in the worker (" + message.code() + "): " + message.message());
        }

        private void offerProgress(Progress report) {
            ProgressThrottle.Offer offer = throttle.offer(report, clock.millis());
            if (offer.publishNow() != null) {
                publisher.publishProgress(offer.publishNow());
            } else if (offer.flushInMillis() != ProgressThrottle.Offer.NO_FLUSH) {
                runTimers.schedule(this::publishHeldProgress, offer.flushInMillis(), TimeUnit.MILLISECONDS);
            }
        }

        /**
         * Publishes a log message to the progress topic, at most {@value #MAX_LOG_MESSAGES} per run (more are dropped:
         * a caller's stream is not a log sink); not awaited here, but before the terminal event.
         */
        private void logForCaller(ExecutionKey key, JsonNode line) {
            if (++logMessages > MAX_LOG_MESSAGES) {
                if (logMessages == MAX_LOG_MESSAGES + 1) {
                    LOG.warnf("Log messages beyond %d dropped for the rest of the run [%s]", MAX_LOG_MESSAGES, key);
                }
                return;
            }
            lastLog = publisher.publishLog(events.logMessage(key, line));
        }

        /** Publishes the report held back by the throttle, unless the run has ended meanwhile. */
        private void publishHeldProgress() {
            if (run.isFinished()) {
                return;
            }
            Progress held = throttle.takeHeld(clock.millis());
            if (held != null) {
                publisher.publishProgress(held);
            }
        }

        @Override
        public void onExit(ChildProcess child, int exitCode) {
            start.send(); // a child's death is an owner loss, settled for a started run
            if (!run.isKilledForStop()) {
                LOG.warnf(
                        "Child died while running an operation [%s childPid=%d exitCode=%d]",
                        run.key(), child.pid(), exitCode);
            }
            end(
                    child,
                    () -> run.isKilledForStop() && !run.isCommitGranted()
                            ? events.stopped(
                                    run.key(),
                                    "the operation did not stop within " + seconds(config.stopGrace())
                                            + " of the stop request; its child process was killed")
                            : events.childDied(run.key(), child.pid(), exitCode),
                    false);
        }

        /**
         * Publishes the request and waits for its acknowledgement, so that it is on the broker before the child
         * could be answered; the child keeps waiting whatever happens here (a stop or the deadline ends it) — except
         * for a request the broker refuses for its size, which no wait would deliver: the run ends failed, and its
         * child, blocked on the answer, is killed and replaced.
         */
        private void requestInput(ChildProcess child, ExecutionKey key, ChildMessage message) {
            try {
                await(publisher.publish(events.inputRequested(key, message.requests())));
            } catch (RuntimeException e) {
                Optional<String> tooLarge = RecordSize.refusal(e);
                if (tooLarge.isEmpty()) {
                    LOG.errorf(e, "Input request not delivered; the operation waits until stopped [%s]", key);
                    return;
                }
                LOG.warnf(
                        "Input request refused for its size; the run ends failed and its child is replaced [%s "
                                + "childPid=%d cause=%s]",
                        key, child.pid(), tooLarge.get());
                // the run's end first, so that the child's exit, which follows the kill, finds it ended
                end(child, () -> events.inputRequestTooLarge(key, tooLarge.get()), false);
                child.kill();
            }
        }

        /**
         * Publishes the result checkpoint and waits for its acknowledgement. This runs on the reader thread, which
         * handles the child's lines in order: the {@code Finished} of a later result line is published only after
         * this returns, so job-control always sees the staged result first.
         */
        private void stageResult(ExecutionKey key, ChildMessage message) {
            try {
                await(publisher.publish(events.resultStaged(key, message.result())));
                LOG.debugf("Result staged [%s]", key);
            } catch (RuntimeException e) {
                // the result still reaches job-control with Finished; only the owner-loss shortcut is lost
                LOG.errorf(e, "Result checkpoint not delivered [%s]", key);
            }
        }

        /**
         * Publishes the commit request and waits for its acknowledgement; the answer comes over the control topic. A
         * plan that does not parse as a journal entry is refused here, without asking job-control, and so is one the
         * broker refuses for its size.
         */
        private void requestCommit(ChildProcess child, ExecutionKey key, ChildMessage message) {
            JournalEntry plan;
            try {
                plan = Wire.mapper().treeToValue(message.plan(), JournalEntry.class);
            } catch (JsonProcessingException | IllegalArgumentException e) {
                String planHash = message.plan().path("planHash").asText("");
                LOG.warnf("Invalid commit plan refused [%s]: %s", key, e.getMessage());
                run.deliverCommit(planHash, false, "invalid plan: " + e.getMessage());
                return;
            }
            try {
                await(publisher.publish(events.commitRequested(key, plan)));
                LOG.infof(
                        "Commit requested [%s planHash=%s files=%d]",
                        key, plan.planHash(), plan.files().size());
            } catch (RuntimeException e) {
                Optional<String> tooLarge = RecordSize.refusal(e);
                if (tooLarge.isPresent()) {
                    // no wait would deliver it: refused here, as job-control refuses a plan, and nothing is applied
                    LOG.warnf(
                            "Commit request refused for its size [%s planHash=%s]: %s",
                            key, plan.planHash(), tooLarge.get());
                    run.deliverCommit(plan.planHash(), false, "the plan is too large to send: " + tooLarge.get());
                    return;
                }
                // the operation keeps waiting and changes nothing; a stop or the deadline ends it
                LOG.errorf(e, "Commit request not delivered [%s]", key);
            }
        }

        /** Publishes the frontier and waits for its acknowledgement, so that it is ahead of any later event. */
        private void saveCheckpoint(ExecutionKey key, JsonNode checkpoint) {
            try {
                await(publisher.publish(events.checkpointSaved(
                        key,
                        checkpoint.get("sequence").asLong(),
                        checkpoint.get("revision").asText(),
                        checkpoint.get("frontier").asText())));
            } catch (RuntimeException e) {
                // a lost frontier only means a replacement starts from an earlier one
                LOG.errorf(e, "Checkpoint not delivered [%s]", key);
            }
        }

        // The log messages are on the broker before the terminal event is sent, so a frontend forwarding them to a
        // waiting caller sees them ahead of the result; bounded, as a best-effort message may never be acknowledged.
        private void awaitLastLog() {
            try {
                lastLog.get(LOG_FLUSH_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                LOG.debugf("Log messages not acknowledged before the end of the run [%s]", run.key());
            }
        }

        /**
         * Publishes the one terminal event and waits for its acknowledgement before the child is reused; a progress
         * report the throttle still holds goes first. {@code terminal} builds (and so stamps) the event only once the
         * run is claimed as ended ({@link ExecutionRun#finish(Supplier)}): from then on heartbeats no longer list it, so
         * none stamped after the terminal event does, though the run stays held (reachable for signals, its child not
         * reused) until the broker has the event.
         */
        private void end(ChildProcess child, Supplier<WorkerEvent> terminal, boolean childReusable) {
            WorkerEvent ended = run.finish(terminal).orElse(null);
            if (ended == null) {
                return;
            }
            WorkerEvent event = start.foldInto(ended);
            if (upstreamCall != null) {
                upstreamCall.ended(event);
            }
            try {
                Progress held = throttle.takeHeld(clock.millis());
                if (held != null) {
                    publisher.publishProgress(held);
                }
                awaitLastLog();
                // kept until the broker has it (or this instance stops: the record, unsettled, is delivered again)
                if (terminals.deliver(event)) {
                    start.endAcknowledged();
                }
            } catch (RuntimeException e) {
                LOG.errorf(e, "Terminal event not delivered [%s event=%s]", run.key(), event.kind());
            } finally {
                held.remove(run);
                if (childReusable && !run.isKilledForStop()) {
                    pool.release(child);
                }
            }
        }
    }
}
