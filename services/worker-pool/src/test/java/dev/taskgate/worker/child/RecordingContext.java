package dev.taskgate.worker.child;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.journal.CommitRefusedException;
import dev.taskgate.worker.child.journal.RewritePlan;

/**
 * An {@link OperationContext} for in-process operation tests: records progress and input requests, stops on demand,
 * answers input with a scripted function (none set: a request waits until stopped).
 */
public final class RecordingContext implements OperationContext {
    /** One progress report. */
    public record Report(double progress, Double total, String message) {}

    /** One log message. */
    public record Logged(OperationLogLevel level, String logger, JsonNode data) {}

    private final List<Report> reports = new CopyOnWriteArrayList<>();
    private final List<Logged> logged = new CopyOnWriteArrayList<>();
    private final CountDownLatch stop = new CountDownLatch(1);
    private final List<Map<String, JsonNode>> inputRequests = new CopyOnWriteArrayList<>();
    private volatile Function<Map<String, JsonNode>, Map<String, JsonNode>> answers;
    private final List<String> staged = new CopyOnWriteArrayList<>();
    private final List<RewritePlan> commits = new CopyOnWriteArrayList<>();
    private volatile String refusal;
    private volatile FrontierResume resume;
    private final List<String> checkpoints = new CopyOnWriteArrayList<>();
    private volatile dev.taskgate.worker.child.workspace.Workspace workspace;

    /** Runs over {@code workspace}. */
    public RecordingContext over(dev.taskgate.worker.child.workspace.Workspace workspace) {
        this.workspace = workspace;
        return this;
    }

    @Override
    public java.util.Optional<dev.taskgate.worker.child.workspace.Workspace> workspace() {
        return java.util.Optional.ofNullable(workspace);
    }

    /** Answers every input request with {@code script}. */
    public RecordingContext answering(Function<Map<String, JsonNode>, Map<String, JsonNode>> script) {
        this.answers = script;
        return this;
    }

    public List<Map<String, JsonNode>> inputRequests() {
        return inputRequests;
    }

    /** Offers {@code frontier} as the frontier to resume from. */
    public RecordingContext resuming(FrontierResume frontier) {
        this.resume = frontier;
        return this;
    }

    /** The checkpoints saved, as {@code revision|frontier}, in order. */
    public List<String> checkpoints() {
        return checkpoints;
    }

    @Override
    public java.util.Optional<FrontierResume> resumeFrom() {
        return java.util.Optional.ofNullable(resume);
    }

    @Override
    public void saveCheckpoint(String revision, String frontier) {
        checkpoints.add(revision + "|" + frontier);
    }

    /** Refuses every commit request with {@code reason} (default: every request is granted). */
    public RecordingContext refusingCommits(String reason) {
        this.refusal = reason;
        return this;
    }

    /** The plans passed to {@link #requestCommit}, in order. */
    public List<RewritePlan> commits() {
        return commits;
    }

    @Override
    public void requestCommit(RewritePlan plan) throws CommitRefusedException, OperationStoppedException {
        if (plan.isEmpty()) {
            throw new IllegalArgumentException("a plan that changes nothing never commits");
        }
        commits.add(plan);
        if (isStopRequested()) {
            throw new OperationStoppedException("stopped before the commit boundary; nothing was changed");
        }
        if (refusal != null) {
            throw new CommitRefusedException(refusal);
        }
    }

    /** The results staged with {@link #stageResult}, in order. */
    public List<String> staged() {
        return staged;
    }

    @Override
    public void stageResult(String callToolResult) {
        staged.add(callToolResult);
    }

    public List<Report> reports() {
        return reports;
    }

    public void requestStop() {
        stop.countDown();
    }

    @Override
    public void progress(double progress, Double total, String message) {
        reports.add(new Report(progress, total, message));
    }

    @Override
    public void log(OperationLogLevel level, String logger, JsonNode data) {
        logged.add(new Logged(level, logger, data));
    }

    /** The log messages, in order. */
    public List<Logged> logged() {
        return logged;
    }

    @Override
    public boolean isStopRequested() {
        return stop.getCount() == 0;
    }

    @Override
    public boolean awaitStop(Duration timeout) throws InterruptedException {
        return stop.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public Map<String, JsonNode> requestInput(Map<String, JsonNode> requests)
            throws OperationStoppedException, InterruptedException {
        inputRequests.add(requests);
        if (answers != null) {
            return answers.apply(requests);
        }
        stop.await(30, TimeUnit.SECONDS);
        throw new OperationStoppedException("stopped while waiting for input");
    }
}
