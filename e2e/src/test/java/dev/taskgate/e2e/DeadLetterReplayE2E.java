package dev.taskgate.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.e2e.Http.Reply;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.Signature;
import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Dead letters through the packaged services and {@code bin/taskgate dlq}: a poison command (unsigned) sent to the
 * commands topic is dead-lettered by job-control and listed by {@code bin/taskgate dlq list --json} with its reason;
 * replayed, it reaches job-control's consumer again and is dead-lettered again (it is still poison), a second replay
 * is 409. A valid submission left on the dead-letter topic as SmallRye leaves a record (signed by the stack's
 * frontend, as if dead-lettered during an outage) is replayed with {@code bin/taskgate dlq replay}: job-control
 * verifies the frontend's original signature, and the execution runs and completes for its owner.
 */
@ExtendWith(LocalStack.class)
class DeadLetterReplayE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String OPERATOR_ROUTES = "/v1/orgs/taskgate/projects/operator/operator/dead-letters";
    private static final String COMMANDS = LocalStack.topic(Topics.COMMANDS);
    private static final String DLQ = COMMANDS + ".dlq";

    private static String operatorToken() {
        return Tokens.forSubject("operator")
                .org("taskgate")
                .project("operator")
                .scopes("deadletters:admin")
                .sign();
    }

    private static SubmitExecution submission(Caller caller, String input) {
        return new SubmitExecution(
                UUID.randomUUID(),
                Instant.now(),
                "e2e-dead-letters",
                caller,
                Surface.REST,
                "dlq-" + UUID.randomUUID(),
                "demo.echo",
                JSON.valueToTree(Map.of("text", input)),
                null,
                null,
                null,
                List.of("tools:call"));
    }

    private static String key(SubmitExecution s) {
        return s.caller().principal() + "\n" + s.caller().workspace();
    }

    /** {@code bin/taskgate dlq ARGS} against the stack's frontend; its exit status and output. */
    private static Result dlq(String... args) {
        List<String> command = new ArrayList<>(
                List.of("bash", LocalStack.repo().resolve("bin/taskgate").toString(), "dlq"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("TASKGATE_URL", LocalStack.get().frontendUrl());
        builder.environment().put("TASKGATE_OPERATOR_TOKEN", operatorToken());
        builder.environment().put("TASKGATE_OPERATOR_WORKSPACE", "taskgate/operator");
        try {
            Process process = builder.start();
            byte[] out = process.getInputStream().readAllBytes();
            assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
            return new Result(process.exitValue(), new String(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new AssertionError("cannot run bin/taskgate dlq", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private record Result(int status, String output) {
        JsonNode json() {
            try {
                return JSON.readTree(output);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + output, e);
            }
        }
    }

    /** The listed dead letters of the commands topic with this message id, oldest first. */
    private static List<JsonNode> listed(UUID messageId) {
        Result list = dlq("list", "--topic", DLQ, "--json");
        assertThat(list.status()).as(list.output()).isZero();
        List<JsonNode> found = new ArrayList<>();
        list.json().path("items").forEach(item -> {
            if (item.path("message_id").asText().equals(messageId.toString())) {
                found.add(item);
            }
        });
        return found;
    }

    @Test
    void aPoisonRecordIsListedAndReplayedIntoTheConsumerAndAValidOneRunsAfterItsReplay() {
        Caller owner = new Caller(
                Tokens.DEFAULT_ISSUER,
                "dana",
                "dlq-" + UUID.randomUUID().toString().substring(0, 8),
                "demo");
        SubmitExecution poison = submission(owner, "poison");
        try (KafkaTestClient stack = LocalStack.kafka()) {
            stack.send(COMMANDS, key(poison), poison, Signature.none());

            // bin/taskgate dlq list shows it with job-control's reason, never its value
            List<JsonNode> dead = await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofSeconds(1))
                    .until(() -> listed(poison.messageId()), found -> !found.isEmpty());
            JsonNode first = dead.get(0);
            assertThat(first.path("reason").asText()).isEqualTo("no taskgate-signature header");
            assertThat(first.path("source_topic").asText()).isEqualTo(COMMANDS);
            assertThat(first.path("message_type").asText()).isEqualTo("SubmitExecution");
            assertThat(first.path("replays").asInt()).isZero();
            assertThat(first.toString()).doesNotContain("poison");
            Result table = dlq("list", "--topic", DLQ);
            assertThat(table.status()).isZero();
            assertThat(table.output()).contains("no taskgate-signature header").contains("dead-lettered record");

            // replayed, it reaches job-control's consumer again, which dead-letters it again
            String at = DLQ + "/" + first.path("partition").asInt() + "/"
                    + first.path("offset").asLong();
            Reply replay = Http.rest("POST", OPERATOR_ROUTES + "/" + at + "/replay", operatorToken(), null, null);
            assertThat(replay.status()).as(replay.text()).isEqualTo(200);
            String replayedTo = replay.json().at("/items/0/replayed_to").asText();
            List<JsonNode> again = await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofSeconds(1))
                    .until(() -> listed(poison.messageId()), found -> found.size() >= 2);
            JsonNode second = again.get(again.size() - 1);
            assertThat(second.path("source_partition").asInt() + "/"
                            + second.path("source_offset").asLong())
                    .isEqualTo(replayedTo);
            assertThat(again.get(0).path("replays").asInt()).isEqualTo(1);

            Reply twice = Http.rest("POST", OPERATOR_ROUTES + "/" + at + "/replay", operatorToken(), null, null);
            assertThat(twice.status()).isEqualTo(409);
            assertThat(twice.contentType()).startsWith("application/problem+json");
            assertThat(twice.json().path("type").asText()).endsWith("/already-replayed");

            // a valid submission, dead-lettered as SmallRye leaves it, runs once replayed
            SubmitExecution valid = submission(owner, "valid after replay");
            stack.sendDeadLettered(COMMANDS, 0, 42, key(valid), valid, "Connection refused");
        }
        String ownerToken = Tokens.forSubject("dana")
                .org(owner.orgId())
                .project("demo")
                .scopes("tools:call")
                .sign();
        String executions = "/v1/orgs/" + owner.orgId() + "/projects/demo/tool-executions";
        assertThat(Http.rest("GET", executions, ownerToken, null, null).json().path("items"))
                .isEmpty();
        JsonNode validListed = await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofSeconds(1))
                .until(
                        () -> {
                            Result list = dlq("list", "--topic", DLQ, "--json");
                            for (JsonNode item : list.json().path("items")) {
                                if (item.path("reason").asText().equals("Connection refused")
                                        && item.path("key").asText().contains(owner.orgId())) {
                                    return item;
                                }
                            }
                            return null;
                        },
                        item -> item != null);
        Result replayed = dlq(
                "replay",
                DLQ,
                validListed.path("partition").asText(),
                validListed.path("offset").asText());
        assertThat(replayed.status()).as(replayed.output()).isZero();
        assertThat(replayed.output()).contains("replayed " + DLQ + "/").contains("to " + COMMANDS);

        JsonNode completed = await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(500))
                .until(
                        () -> Http.rest("GET", executions, ownerToken, null, null)
                                .json()
                                .path("items"),
                        items -> items.size() == 1
                                && items.get(0).path("status").asText().equals("completed"));
        assertThat(completed.get(0).path("tool_name").asText()).isEqualTo("demo.echo");
        Result again = dlq(
                "replay",
                DLQ,
                validListed.path("partition").asText(),
                validListed.path("offset").asText());
        assertThat(again.status()).isEqualTo(1);
        assertThat(again.output()).contains("HTTP 409");
    }
}
