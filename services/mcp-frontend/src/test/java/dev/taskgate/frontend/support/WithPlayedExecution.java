package dev.taskgate.frontend.support;

import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.frontend.mcp.progress.ExecutionSignals;

/**
 * Base of the component tests where one synchronous call waits on one execution that the test plays: job-control
 * accepts every command for {@link #id} (a submission as {@code queued}), answers its outcome as {@code working}
 * until the test says otherwise, and {@link #execution} sends its worker and lifecycle records over the real broker.
 */
public abstract class WithPlayedExecution extends McpKafkaComponentTest {
    protected final FakeJobControlQueries queries = FakeJobControlQueries.get();
    protected final UUID id = UUID.randomUUID();
    protected PlayedExecution execution;
    protected JobControlResponder jobControl;

    @Inject
    protected ExecutionSignals signals;

    /** The API generation the played execution was created through. */
    protected abstract Surface surface();

    @BeforeEach
    void playTheExecution() {
        queries.reset();
        execution = played(id, "demo.sleep", surface());
        execution.answerOutcome(queries, ExecutionStatus.WORKING, null);
        jobControl = JobControlResponder.answering(c -> Fixtures.accepted(
                c,
                id,
                c instanceof SubmitExecution,
                c instanceof SubmitExecution ? ExecutionStatus.QUEUED : ExecutionStatus.WORKING,
                "demo.sleep",
                surface()));
    }

    @AfterEach
    void stopPlaying() {
        jobControl.close();
    }
}
