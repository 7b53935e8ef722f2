package dev.taskgate.jobctl;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.jobctl.payload.PayloadKind;
import dev.taskgate.jobctl.web.ProblemMappers;

import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static org.assertj.core.api.Assertions.assertThat;

@QuarkusTest
class PayloadRetiredKeyTest {

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
    void aResultUnderARemovedKeyFailsClosedWithACorrelatedInternalError() {
        Caller caller = newCaller();
        UUID id = fixture.submitNew(caller).executionId();
        String result = "{\"content\":[],\"isError\":false,\"secret\":\"retired-key-marker\"}";
        byte[] sealed = PayloadTestKeys.cipherWithOnly(PayloadTestKeys.KEY_RETIRED)
                .seal(id, PayloadKind.RESULT, result.getBytes(StandardCharsets.UTF_8));
        PayloadTestKeys.completeWith(pool, id, sealed);
        List<LogRecord> logged = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Logger logger = Logger.getLogger(ProblemMappers.class.getName());
        logger.addHandler(capture);
        Response response;
        try {
            response = outcome(caller, id);
        } finally {
            logger.removeHandler(capture);
        }

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.jsonPath().getString("type")).isEqualTo("https://taskgate.dev/problems/internal");
        String detail = response.jsonPath().getString("detail");
        assertThat(detail).startsWith("Something went wrong on our side. Correlation id: ");
        String correlationId = detail.substring(detail.lastIndexOf(' ') + 1);
        assertThat(response.asString()).doesNotContain("retired-key-marker", "test-insecure-0", "result");
        assertThat(logged)
                .singleElement()
                .satisfies(r -> assertThat(formatted(r))
                        .contains("correlationId=" + correlationId, "keyId=test-insecure-0", "executionId=" + id));
        // the status carries no payload and stays readable
        assertThat(JobControlFixture.snapshot(caller, id).status()).isEqualTo(ExecutionStatus.COMPLETED);
    }

    @Test
    void aStrangerStillGetsTheUniformNotFoundNotTheDecryptionFailure() {
        Caller owner = newCaller();
        UUID id = fixture.submitNew(owner).executionId();
        PayloadTestKeys.completeWith(
                pool,
                id,
                PayloadTestKeys.cipherWithOnly(PayloadTestKeys.KEY_RETIRED)
                        .seal(id, PayloadKind.RESULT, "{}".getBytes(StandardCharsets.UTF_8)));

        Response response = outcome(newCaller(), id);

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.jsonPath().getString("type")).isEqualTo("https://taskgate.dev/problems/not-found");
    }

    private static Response outcome(Caller caller, UUID id) {
        return SignedCalls.signed()
                .header("Taskgate-Principal", caller.principal())
                .header("Taskgate-Workspace", caller.workspace())
                .get("/internal/v1/executions/{id}/outcome", id);
    }

    private static String formatted(LogRecord record) {
        Object[] params = record.getParameters();
        String message = record.getMessage();
        return params == null ? message : String.format(message, params);
    }
}
