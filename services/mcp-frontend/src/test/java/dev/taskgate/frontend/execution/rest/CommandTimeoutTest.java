package dev.taskgate.frontend.execution.rest;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.JobControlResponder;
import dev.taskgate.testsupport.KafkaTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Nobody answers: a command that gets no reply within {@code taskgate.frontend.command-timeout} and a query to an
 * unreachable job-control both end as 503 {@code unavailable} with {@code Retry-After}.
 */
@QuarkusTest
@TestProfile(CommandTimeoutTest.ShortTimeoutNoJobControl.class)
class CommandTimeoutTest {
    /** One-second command timeout; job-control's query API on a port nothing listens on. */
    public static class ShortTimeoutNoJobControl implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("taskgate.frontend.command-timeout", "1s", "taskgate.job-control.url", "http://127.0.0.1:1");
        }
    }

    @TestHTTPResource("/")
    URI base;

    @Inject
    ExecutionHandles handles;

    @Test
    void unansweredSubmissionIsA503AfterTheTimeout() {
        try (KafkaTestClient kafka = KafkaTestClient.connect();
                KafkaTestClient.TopicWatcher commands = kafka.watch(JobControlResponder.COMMANDS)) {
            long start = System.nanoTime();
            Api.Result response = Api.at(base)
                    .bearer(Fixtures.aliceToken())
                    .header("Idempotency-Key", "timeout-1")
                    .json("{\"tool_name\":\"demo.echo\",\"input\":{}}")
                    .post(Api.EXECUTIONS);
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertThat(response.status()).as(response.toString()).isEqualTo(503);
            assertThat(response.header("Content-Type")).startsWith("application/problem+json");
            assertThat(response.problemSlug()).isEqualTo("unavailable");
            assertThat(response.header("Retry-After")).isEqualTo("1");
            assertThat(took).isBetween(Duration.ofMillis(900), Duration.ofSeconds(8));
            // The command did go out: its fate is unknown, which is why the caller retries with the same key.
            assertThat(commands.drainToEnd()).hasSize(1);
        }
    }

    @Test
    void unansweredCancelIsA503() {
        String handle = handles.mint(UUID.randomUUID(), Surface.REST, Fixtures.caller("alice"));

        Api.Result response =
                Api.at(base).bearer(Fixtures.aliceToken()).post(Api.EXECUTIONS + "/" + handle + "/cancel");

        assertThat(response.status()).isEqualTo(503);
        assertThat(response.problemSlug()).isEqualTo("unavailable");
    }

    @Test
    void unreachableJobControlIsA503() {
        String handle = handles.mint(UUID.randomUUID(), Surface.REST, Fixtures.caller("alice"));

        Api.Result get = Api.at(base).bearer(Fixtures.aliceToken()).get(Api.EXECUTIONS + "/" + handle);
        Api.Result result = Api.at(base).bearer(Fixtures.aliceToken()).get(Api.EXECUTIONS + "/" + handle + "/result");

        for (Api.Result response : new Api.Result[] {get, result}) {
            assertThat(response.status()).as(response.toString()).isEqualTo(503);
            assertThat(response.header("Content-Type")).startsWith("application/problem+json");
            assertThat(response.problemSlug()).isEqualTo("unavailable");
            assertThat(response.header("Retry-After")).isNotBlank();
        }
    }
}
