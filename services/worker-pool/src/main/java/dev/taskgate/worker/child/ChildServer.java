package dev.taskgate.worker.child;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.worker.child.artifact.ArtifactChannel;
import dev.taskgate.worker.child.artifact.ArtifactRef;
import dev.taskgate.worker.child.journal.CommitRefusedException;
import dev.taskgate.worker.child.journal.RewritePlan;
import dev.taskgate.worker.child.upstream.UpstreamCallOperation;
import dev.taskgate.worker.child.upstream.UpstreamException;
import dev.taskgate.worker.child.upstream.UpstreamTarget;
import dev.taskgate.worker.child.workspace.Workspace;
import dev.taskgate.worker.child.workspace.WorkspaceFiles;

/**
 * The child side of the protocol: reads parent → child lines ({@code run}, {@code stop}, {@code input-response},
 * {@code commit-granted}, {@code commit-refused}; a {@code run} may carry the {@code workspace} of an operation that
 * needs one, or an {@code upstream}: then it calls that upstream MCP server's tool instead of a registered operation),
 * runs one operation
 * at a time on its own thread, and answers through the {@link ProtocolWriter}. Refusals (unknown operation,
 * busy, malformed line) are {@code error} lines; the child stays usable after them.
 */
public final class ChildServer {
    /** A message that is not valid protocol JSON. */
    public static final String MALFORMED_MESSAGE = "malformed_message";
    /** A {@code run} naming an operation that is not compiled in. */
    public static final String UNKNOWN_OPERATION = "unknown_operation";
    /** A {@code run} while another operation is still running. */
    public static final String BUSY = "busy";
    /** An operation threw an unexpected exception. */
    public static final String OPERATION_EXCEPTION = "operation_exception";
    /** The upstream MCP server of an upstream call refused, failed or did not answer; the message says how. */
    public static final String UPSTREAM_FAILED = "upstream_failed";
    /** The upstream MCP server of an upstream call could not be reached; the message says how. */
    public static final String UPSTREAM_UNAVAILABLE = "upstream_unavailable";
    /** The progress message of a replacement that publishes the result a lost owner staged. */
    public static final String STAGED_UNCHANGED =
            "the workspace files are unchanged since the result was staged; publishing it without running again";

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final long SHUTDOWN_GRACE_SECONDS = 1;

    private final OperationRegistry registry;
    private final ProtocolWriter out;
    private final PrintStream log;
    private final ExecutorService runner = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "operation");
        t.setDaemon(true);
        return t;
    });
    private final AtomicReference<Run> current = new AtomicReference<>();
    private final ArtifactChannel artifacts;

    /**
     * @param registry the operations this child may run
     * @param out      the protocol stream
     * @param log      diagnostics (the process's stderr)
     */
    public ChildServer(OperationRegistry registry, ProtocolWriter out, PrintStream log) {
        this.registry = registry;
        this.out = out;
        this.log = log;
        this.artifacts = new ArtifactChannel(out);
    }

    /** Announces readiness and serves until the parent closes the input stream. */
    public void serve(BufferedReader in) throws IOException {
        registry.problems().forEach(problem -> log.println("plug-in problem: " + problem));
        out.ready(registry.names(), registry.problems());
        String line;
        while ((line = in.readLine()) != null) {
            if (!line.isBlank()) {
                handle(line);
            }
        }
        // End of input: the parent is gone, released this child's run for recovery, or retires an idle child. A run
        // in progress is left as a crash would leave it, never stopped: a stop undoes what its replacement resumes (an
        // upstream task would be cancelled and its session ended), and nobody is left to hear its outcome. It may
        // finish within the grace; then the process exits under it.
        runner.shutdown();
        try {
            if (!runner.awaitTermination(SHUTDOWN_GRACE_SECONDS, TimeUnit.SECONDS)) {
                log.println("operation did not stop within " + SHUTDOWN_GRACE_SECONDS + " s of end of input");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void handle(String line) {
        JsonNode message;
        try {
            message = MAPPER.readTree(line);
        } catch (JsonProcessingException e) {
            out.error(MALFORMED_MESSAGE, "not a JSON line: " + e.getOriginalMessage());
            return;
        }
        String type = message.path("type").asText("");
        switch (type) {
            case "run" -> startRun(message);
            case "stop" -> requestStop();
            case "input-response" -> provideInput(message);
            case "commit-granted", "commit-refused" -> decideCommit(message, type.equals("commit-granted"));
            case "artifact-saved", "artifact-loaded", "artifact-failed" -> answerArtifact(message);
            default -> out.error(MALFORMED_MESSAGE, "unknown message type: '" + type + "'");
        }
    }

    private void startRun(JsonNode message) {
        JsonNode name = message.get("operation");
        JsonNode input = message.get("input");
        if (name == null || !name.isTextual()) {
            out.error(MALFORMED_MESSAGE, "run needs a string 'operation'");
            return;
        }
        if (input == null || !input.isObject()) {
            out.error(MALFORMED_MESSAGE, "run needs an object 'input'");
            return;
        }
        Operation operation;
        if (message.hasNonNull("upstream")) {
            // the operation name is the namespaced tool name then, used in messages only
            try {
                operation = new UpstreamCallOperation(UpstreamTarget.fromJson(message.get("upstream")));
            } catch (IllegalArgumentException e) {
                out.error(MALFORMED_MESSAGE, "run has an invalid 'upstream': " + e.getMessage());
                return;
            }
        } else {
            operation = registry.find(name.asText()).orElse(null);
        }
        if (operation == null) {
            out.error(UNKNOWN_OPERATION, "operation not registered in this worker: " + name.asText());
            return;
        }
        JsonNode journal = message.get("journal");
        if (journal != null && !journal.isObject()) {
            out.error(MALFORMED_MESSAGE, "run needs an object 'journal' when it has one");
            return;
        }
        Workspace workspace = null;
        if (message.hasNonNull("workspace")) {
            try {
                workspace = Workspace.fromJson(message.get("workspace"));
            } catch (IllegalArgumentException e) {
                out.error(MALFORMED_MESSAGE, "run has an invalid 'workspace': " + e.getMessage());
                return;
            }
        }
        JsonNode resume = message.get("resume");
        long sequenceBase = message.path("sequenceBase").asLong(0);
        Run run = new Run(
                sequenceBase,
                resume != null
                                && resume.path("revision").isTextual()
                                && resume.path("frontier").isTextual()
                        ? new FrontierResume(
                                resume.path("sequence").asLong(),
                                resume.get("revision").asText(),
                                resume.get("frontier").asText())
                        : null,
                workspace);
        if (!current.compareAndSet(null, run)) {
            out.error(BUSY, "another operation is still running");
            return;
        }
        runner.execute(() -> execute(name.asText(), operation, input, journal, run));
    }

    private void requestStop() {
        Run running = current.get();
        if (running == null) {
            log.println("stop ignored: no operation is running");
            return;
        }
        running.stop();
    }

    private void provideInput(JsonNode message) {
        JsonNode key = message.get("key");
        JsonNode response = message.get("response");
        if (key == null || !key.isTextual() || response == null || !response.isObject()) {
            out.error(MALFORMED_MESSAGE, "input-response needs a string 'key' and an object 'response'");
            return;
        }
        Run running = current.get();
        if (running == null || !running.answer(key.asText(), response)) {
            log.println("input-response ignored: no running operation waits for key " + key.asText());
        }
    }

    private void decideCommit(JsonNode message, boolean granted) {
        JsonNode planHash = message.get("planHash");
        if (planHash == null || !planHash.isTextual()) {
            out.error(MALFORMED_MESSAGE, "a commit decision needs a string 'planHash'");
            return;
        }
        Run running = current.get();
        String reason = message.path("reason").asText("refused");
        if (running == null || !running.decideCommit(planHash.asText(), granted, reason)) {
            log.println("commit decision ignored: no running operation waits for plan " + planHash.asText());
        }
    }

    private void answerArtifact(JsonNode message) {
        if (!artifacts.answer(message)) {
            log.println("artifact answer ignored: no request waits for id "
                    + message.path("requestId").asText());
        }
    }

    private void execute(String name, Operation operation, JsonNode input, JsonNode journal, Run run) {
        Runnable report;
        try {
            // a reconciliation run never runs the operation: it only reconstructs the journaled outcome
            String result = journal == null
                    ? runOrPublishStaged(operation, input, run)
                    : operation.reconcile(input, journal, run);
            report = () -> out.result(result);
        } catch (OperationStoppedException e) {
            report = () -> out.stopped(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            report = () -> out.stopped("interrupted: the child is shutting down");
        } catch (UpstreamException e) {
            // an expected failure, fully described by its message (which holds no credential): no stack trace
            log.println("operation " + name + " failed: " + e.getMessage());
            String code = e.unreachable() ? UPSTREAM_UNAVAILABLE : UPSTREAM_FAILED;
            report = () -> out.error(code, name + " failed: " + e.getMessage());
        } catch (RuntimeException | Error e) {
            log.println("operation " + name + " threw:");
            e.printStackTrace(log);
            String detail = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            report = () -> out.error(OPERATION_EXCEPTION, name + " failed: " + detail);
        }
        // Free the slot before the terminal line: the parent may send the next run as soon as it reads it.
        current.compareAndSet(run, null);
        report.run();
    }

    /**
     * Runs the operation, unless this replacement was handed a staged result whose workspace files are unchanged:
     * then that result is staged again under this run's epoch (a further owner loss still finds it) and published as
     * it is, without running anything.
     */
    private String runOrPublishStaged(Operation operation, JsonNode input, Run run)
            throws OperationStoppedException, InterruptedException {
        Optional<String> staged = run.unchangedStagedResult();
        if (staged.isEmpty()) {
            return operation.run(input, run);
        }
        run.progress(1, 1.0, STAGED_UNCHANGED);
        run.stageResult(staged.get(), run.staged.sources());
        return staged.get();
    }

    /** The state of one run, visible to its operation as its {@link OperationContext}. */
    private final class Run implements OperationContext {
        private final CountDownLatch stopRequested = new CountDownLatch(1);
        private final Object inputLock = new Object();
        private final Set<String> asked = new HashSet<>();
        private final Map<String, JsonNode> answers = new HashMap<>();
        private String awaitedPlan;
        private Boolean commitGranted;
        private String commitReason;
        private final FrontierResume resume;
        private final StagedResultFrontier staged;
        private final Workspace workspace;
        private long lastSequence;

        /**
         * @param sequenceBase the sequence of the latest stored checkpoint (0 if none): this run numbers on from it
         * @param resume       the verified frontier to offer the operation, or {@code null}; a staged result's
         *                     final frontier is kept by the run itself (the operation never sees it)
         */
        Run(long sequenceBase, FrontierResume resume, Workspace workspace) {
            this.lastSequence = Math.max(0, sequenceBase);
            this.staged = resume == null || workspace == null
                    ? null
                    : StagedResultFrontier.parse(resume.frontier()).orElse(null);
            this.resume = staged == null ? resume : null;
            this.workspace = workspace;
        }

        /**
         * The result a lost owner staged, if this replacement was handed one and the workspace files it was computed
         * on are unchanged; empty otherwise (the operation then runs afresh).
         */
        Optional<String> unchangedStagedResult() {
            if (staged == null) {
                return Optional.empty();
            }
            boolean unchanged;
            try {
                unchanged = staged.sources().unchangedIn(WorkspaceFiles.of(workspace));
            } catch (RuntimeException e) {
                log.println("the staged result's sources could not be checked (" + e.getMessage() + "); running "
                        + "afresh");
                unchanged = false;
            }
            if (!unchanged) {
                log.println("the workspace changed since the result was staged; running afresh");
                return Optional.empty();
            }
            return Optional.of(staged.result());
        }

        @Override
        public Optional<Workspace> workspace() {
            return Optional.ofNullable(workspace);
        }

        @Override
        public Optional<FrontierResume> resumeFrom() {
            return Optional.ofNullable(resume);
        }

        @Override
        public void saveCheckpoint(String revision, String frontier) {
            if (revision == null || frontier == null) {
                throw new IllegalArgumentException("a checkpoint needs a revision and a frontier");
            }
            long sequence;
            synchronized (this) {
                sequence = ++lastSequence;
            }
            out.checkpoint(sequence, revision, frontier);
        }

        void stop() {
            stopRequested.countDown();
            synchronized (inputLock) {
                inputLock.notifyAll();
            }
        }

        /** Records the answer to a key this run asked and has no answer for yet; {@code false} otherwise. */
        boolean answer(String key, JsonNode response) {
            synchronized (inputLock) {
                if (!asked.contains(key) || answers.containsKey(key)) {
                    return false;
                }
                answers.put(key, response);
                inputLock.notifyAll();
                return true;
            }
        }

        @Override
        public Map<String, JsonNode> requestInput(Map<String, JsonNode> requests)
                throws OperationStoppedException, InterruptedException {
            if (requests.isEmpty()) {
                throw new IllegalArgumentException("requestInput needs at least one request");
            }
            synchronized (inputLock) {
                for (Map.Entry<String, JsonNode> request : requests.entrySet()) {
                    if (request.getKey().isEmpty() || asked.contains(request.getKey())) {
                        throw new IllegalArgumentException(
                                "input keys must be non-empty and unique within a run: '" + request.getKey() + "'");
                    }
                    if (request.getValue() == null || !request.getValue().isObject()) {
                        throw new IllegalArgumentException(
                                "input request '" + request.getKey() + "' must be a JSON object");
                    }
                }
                asked.addAll(requests.keySet());
            }
            out.input(requests);
            synchronized (inputLock) {
                while (true) {
                    if (answers.keySet().containsAll(requests.keySet())) {
                        Map<String, JsonNode> result = new LinkedHashMap<>();
                        requests.keySet().forEach(k -> result.put(k, answers.get(k)));
                        return result;
                    }
                    if (isStopRequested()) {
                        throw new OperationStoppedException("stopped while waiting for input");
                    }
                    inputLock.wait();
                }
            }
        }

        @Override
        public void progress(double progress, Double total, String message) {
            out.progress(progress, total, message);
        }

        @Override
        public void log(OperationLogLevel level, String logger, JsonNode data) {
            out.log(level, logger, data);
        }

        /** Records job-control's answer for the plan this run waits for; {@code false} for any other plan. */
        boolean decideCommit(String planHash, boolean granted, String reason) {
            synchronized (inputLock) {
                if (!planHash.equals(awaitedPlan) || commitGranted != null) {
                    return false;
                }
                commitGranted = granted;
                commitReason = reason;
                inputLock.notifyAll();
                return true;
            }
        }

        @Override
        public void requestCommit(RewritePlan plan)
                throws CommitRefusedException, OperationStoppedException, InterruptedException {
            if (plan.isEmpty()) {
                throw new IllegalArgumentException("a plan that changes nothing never commits");
            }
            String planHash = plan.planHash();
            synchronized (inputLock) {
                if (awaitedPlan != null) {
                    throw new IllegalStateException("a run commits at most one plan");
                }
                awaitedPlan = planHash;
            }
            out.commit(plan.toJournal());
            synchronized (inputLock) {
                while (commitGranted == null) {
                    if (isStopRequested()) {
                        throw new OperationStoppedException("stopped before the commit boundary; nothing was changed");
                    }
                    inputLock.wait();
                }
                if (!commitGranted) {
                    throw new CommitRefusedException(commitReason);
                }
            }
        }

        @Override
        public void stageResult(String callToolResult) {
            if (callToolResult == null) {
                throw new IllegalArgumentException("a staged result must not be null");
            }
            out.stage(callToolResult);
        }

        @Override
        public void stageResult(String callToolResult, StagedSources sources) {
            if (callToolResult == null || sources == null) {
                throw new IllegalArgumentException("a staged result needs its result and its sources");
            }
            // the frontier goes first: job-control must hold it by the time the staged result counts
            String frontier = new StagedResultFrontier(callToolResult, sources).toJson();
            if (frontier.length() <= StagedResultFrontier.MAX_CHARS) {
                saveCheckpoint(sources.revision(), frontier);
            }
            out.stage(callToolResult);
        }

        @Override
        public ArtifactRef saveArtifact(String name, String mediaType, byte[] content, Optional<String> key) {
            return artifacts.save(name, mediaType, content, key);
        }

        @Override
        public Optional<byte[]> loadArtifact(String key) {
            return artifacts.load(key);
        }

        @Override
        public boolean isStopRequested() {
            return stopRequested.getCount() == 0;
        }

        @Override
        public boolean awaitStop(Duration timeout) throws InterruptedException {
            return stopRequested.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
        }
    }
}
