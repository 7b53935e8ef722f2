package dev.taskgate.jobctl;

import java.net.URL;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.command.Accepted;

import static dev.taskgate.jobctl.JobControlFixture.count;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@QuarkusTest
class OutboxRelaySendFailureTest {
    @TestHTTPResource(value = "health/ready", management = true)
    URL ready;

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
    void aFailedSendKeepsTheRowsReportsNotReadyAndRecovers() {
        UUID messageId = UUID.randomUUID();
        // the broker has no such topic and does not create topics: every send of this row fails
        pool.preparedQuery("insert into jobctl.outbox (topic, record_key, message_id, message_type, payload, "
                        + "created_at) values ($1, $2, $3, $4, $5, $6)")
                .execute(Tuple.from(Arrays.asList(
                        "jc-test.no-such-topic", "k", messageId, "Test", Buffer.buffer("{}"), OffsetDateTime.now())))
                .await()
                .atMost(JobControlFixture.WAIT);
        try {
            await().atMost(Duration.ofSeconds(60))
                    .untilAsserted(() -> given().get(ready).then().statusCode(503));
            assertThat(count(pool, "select count(*) from jobctl.outbox where message_id = $1", messageId))
                    .as("a failed batch is rolled back, not lost")
                    .isEqualTo(1);
        } finally {
            pool.preparedQuery("delete from jobctl.outbox where message_id = $1")
                    .execute(Tuple.of(messageId))
                    .await()
                    .atMost(Duration.ofSeconds(60));
        }

        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> given().get(ready).then().statusCode(200));
        Accepted accepted = fixture.submitNew(JobControlFixture.newCaller());
        await().atMost(JobControlFixture.WAIT)
                .until(() -> count(
                                pool,
                                "select count(*) from jobctl.outbox where record_key = $1",
                                accepted.executionId().toString())
                        == 0);
    }
}
