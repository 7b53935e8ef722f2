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
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.jobctl.payload.PayloadKind;
import dev.taskgate.payload.PayloadCipher;

import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.started;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static org.assertj.core.api.Assertions.assertThat;

@QuarkusTest
class PayloadEncryptionAtRestTest {

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
    void inputAndResultAreStoredSealedAndReturnedByteForByte() {
        Caller caller = newCaller();
        SubmitExecution command = submit(caller, "k", "demo.echo", "{\"text\":\"plaintext-input-marker\"}");
        UUID id = ((Accepted) fixture.send(command)).executionId();
        String result = "{ \"content\":[{\"type\":\"text\",\"text\":\"plaintext-result-marker \\u00e9\"}],"
                + "\"isError\":false,\"n\":1.50 }";
        fixture.report(started(id, 1));
        fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", result));
        awaitStatus(caller, id, ExecutionStatus.COMPLETED);

        byte[] input = PayloadTestKeys.stored(pool, id, "input");
        byte[] storedResult = PayloadTestKeys.stored(pool, id, "result");
        for (byte[] stored : new byte[][] {input, storedResult}) {
            assertThat(stored[0]).isEqualTo(PayloadCipher.FORMAT_V1);
            assertThat(PayloadTestKeys.keyIdOf(stored)).isEqualTo("test-insecure-2");
            assertThat(new String(stored, StandardCharsets.ISO_8859_1)).doesNotContain("plaintext-");
        }
        PayloadCipher keyB = PayloadTestKeys.cipherWithOnly(PayloadTestKeys.KEY_B);
        assertThat(keyB.open(id, PayloadKind.INPUT, input)).isEqualTo(Wire.toBytes(command.input()));
        assertThat(keyB.open(id, PayloadKind.RESULT, storedResult)).isEqualTo(result.getBytes(StandardCharsets.UTF_8));
        assertThat(WorkerReportFlowTest.outcome(caller, id).result()).isEqualTo(result);
    }
}
