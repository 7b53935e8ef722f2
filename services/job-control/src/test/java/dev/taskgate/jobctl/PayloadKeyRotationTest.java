package dev.taskgate.jobctl;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.jobctl.payload.PayloadKind;

import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.started;
import static org.assertj.core.api.Assertions.assertThat;

@QuarkusTest
class PayloadKeyRotationTest {

    private static JobControlFixture fixture;

    @Inject
    Pool pool;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @Test
    void aResultWrittenUnderTheOldKeyIsStillReadableAfterRotation() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        String result = "{\"content\":[],\"isError\":false,  \"written\":\"before rotation\"}";
        PayloadTestKeys.completeWith(
                pool,
                id,
                PayloadTestKeys.cipherWithOnly(PayloadTestKeys.KEY_A)
                        .seal(id, PayloadKind.RESULT, result.getBytes(StandardCharsets.UTF_8)));

        assertThat(WorkerReportFlowTest.outcome(caller, id).result()).isEqualTo(result);
    }

    @Test
    void newValuesAreWrittenUnderTheNewFirstKey() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        String result = "{\"content\":[],\"isError\":false, \"written\":\"after rotation\"}";
        fixture.report(started(id, 1));
        fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", result));
        awaitStatus(caller, id, ExecutionStatus.COMPLETED);

        assertThat(PayloadTestKeys.keyIdOf(PayloadTestKeys.stored(pool, id, "input")))
                .isEqualTo("test-insecure-2");
        assertThat(PayloadTestKeys.keyIdOf(PayloadTestKeys.stored(pool, id, "result")))
                .isEqualTo("test-insecure-2");
        assertThat(WorkerReportFlowTest.outcome(caller, id).result()).isEqualTo(result);
    }
}
