package dev.taskgate.worker.execution;

import java.net.URL;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.event.ChildDied;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.Started;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.testsupport.PrometheusText;
import dev.taskgate.worker.pool.ChildPool;

import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.run;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@QuarkusTest
class ChildCrashReplacedTest {
    private static KafkaTestClient kafka;

    @Inject
    ChildPool pool;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    @TestHTTPResource(value = "metrics", management = true)
    URL metrics;

    @Test
    void aCrashIsReportedWithItsExitCodeAndTheChildIsReplaced() {
        UUID crash = UUID.randomUUID();
        double exitsBefore = exits();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(crash, 7, "demo.crash", "{\"exit_code\":42}"));

            Started started = awaitEvent(events, Started.class, crash);
            ChildDied died = awaitEvent(events, ChildDied.class, crash);

            assertThat(died.exitCode()).isEqualTo(42);
            assertThat(died.childPid()).isEqualTo(started.childPid());
            assertThat(died.epoch()).isEqualTo(7);
            await().atMost(Duration.ofSeconds(60)).until(() -> pool.readyChildren() == pool.size());
            await().atMost(Duration.ofSeconds(10)).until(() -> exits() - exitsBefore == 1.0);
            String scraped = scrape();
            assertThat(PrometheusText.value(scraped, "taskgate_worker_children_ready", Map.of()))
                    .isEqualTo(pool.size());
            assertThat(PrometheusText.value(scraped, "taskgate_worker_children_configured", Map.of()))
                    .isEqualTo(pool.size());

            for (int i = 0; i < pool.size() + 1; i++) {
                UUID echo = UUID.randomUUID();
                send(kafka, run(echo, 1, "demo.echo", "{\"after\":\"crash\"}"));
                Finished finished = awaitEvent(events, Finished.class, echo);
                assertThat(finished.result()).contains("\"structuredContent\":{\"after\":\"crash\"}");
                assertThat(awaitEvent(events, Started.class, echo).childPid()).isNotEqualTo(started.childPid());
            }
        }
    }

    private String scrape() {
        return given().get(metrics).then().statusCode(200).extract().asString();
    }

    private double exits() {
        return PrometheusText.value(scrape(), "taskgate_worker_children_exits_total", Map.of());
    }

    @Test
    void theDefaultCrashStatusIs137() {
        UUID crash = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(crash, 1, "demo.crash", "{}"));

            assertThat(awaitEvent(events, ChildDied.class, crash).exitCode()).isEqualTo(137);
        }
    }
}
