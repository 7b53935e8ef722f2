package dev.taskgate.e2e;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;

import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.contracts.Topics;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.testsupport.Tokens;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Payloads are confidential on the wire of the packaged stack (docs/security.md "Payloads on Kafka"): a distinctive
 * input submitted over REST appears in plaintext in no record of the commands, work and worker-events topics — it
 * travels sealed under the stack's own payload ring — and the caller still gets exactly its result back.
 */
@ExtendWith(LocalStack.class)
class PayloadInTransitE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BASE = "/v1/orgs/acme/projects/demo/tool-executions";
    private static final Duration SETTLE = Duration.ofSeconds(60);

    private static String alice;

    @BeforeAll
    static void setUp() {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        alice = Tokens.forSubject("alice-" + UUID.randomUUID())
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
    }

    @Test
    void aDistinctiveInputTravelsOnlySealedAndComesBackExactly() throws Exception {
        String marker = "e2e-secret-" + UUID.randomUUID();
        Map<String, Object> input = Map.of("secret", marker, "n", 7);
        try (KafkaTestClient kafka = LocalStack.kafka();
                TopicWatcher commands = kafka.watch(LocalStack.topic(Topics.COMMANDS));
                TopicWatcher work = kafka.watch(LocalStack.topic(Topics.WORK));
                TopicWatcher events = kafka.watch(LocalStack.topic(Topics.WORKER_EVENTS))) {
            Response created = given().auth()
                    .oauth2(alice)
                    .header("Idempotency-Key", "e2e-" + UUID.randomUUID())
                    .contentType(ContentType.JSON)
                    .body(Map.of("tool_name", "demo.echo", "input", input))
                    .post(BASE);
            created.then().statusCode(202);
            String id = created.path("execution_id");
            await().atMost(SETTLE)
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> "completed"
                            .equals(given().auth()
                                    .oauth2(alice)
                                    .get(BASE + "/" + id)
                                    .path("status")));

            Response result = given().auth().oauth2(alice).get(BASE + "/" + id + "/result");
            result.then().statusCode(200);
            JsonNode body = JSON.readTree(result.asByteArray());
            assertThat(body.get("structuredContent")).isEqualTo(JSON.valueToTree(input));
            assertThat(JSON.readTree(body.at("/content/0/text").asText())).isEqualTo(JSON.valueToTree(input));

            assertSealed(commands.drainToEnd(), "SubmitExecution", marker);
            assertSealed(work.drainToEnd(), "RunOperation", marker);
            assertSealed(events.drainToEnd(), "Finished", marker);
        }
    }

    /** No record holds the marker, and the record of {@code type} that carried it is there, sealed. */
    private static void assertSealed(List<ConsumerRecord<String, byte[]>> records, String type, String marker) {
        assertThat(records).as("records of type %s", type).anySatisfy(r -> {
            assertThat(header(r, MessageHeaders.MESSAGE_TYPE)).isEqualTo(type);
            assertThat(new String(r.value(), StandardCharsets.UTF_8)).contains("\"ciphertext\"");
        });
        assertThat(records)
                .allSatisfy(r -> assertThat(new String(r.value(), StandardCharsets.UTF_8))
                        .as("a %s record", header(r, MessageHeaders.MESSAGE_TYPE))
                        .doesNotContain(marker));
    }

    private static String header(ConsumerRecord<String, byte[]> r, String name) {
        var h = r.headers().lastHeader(name);
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }
}
