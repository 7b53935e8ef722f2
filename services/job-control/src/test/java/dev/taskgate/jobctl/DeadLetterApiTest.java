package dev.taskgate.jobctl;

import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.contracts.operator.AuditPage;
import dev.taskgate.contracts.operator.DeadLetter;
import dev.taskgate.contracts.operator.DeadLetterPage;
import dev.taskgate.contracts.operator.DeadLetterReplays;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.count;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dead-letter routes of job-control's operator API against the real broker and database: a submission
 * dead-lettered the way SmallRye leaves it is listed without its value, replayed unchanged to the commands topic,
 * where job-control verifies the frontend's original signature and handles it; a second replay is 409 unless
 * forced; unknown positions, malformed parameters and another project change nothing; every call is audited.
 */
@QuarkusTest
class DeadLetterApiTest {
    private static final String OPERATOR = "https://taskgate.local/dev operator-dlq";
    private static final String OPERATOR_PROJECT = "taskgate/operator";
    private static final String BASE = "/internal/v1/operator/dead-letters";
    private static JobControlFixture fixture;

    @Inject
    Pool pool;

    @Inject
    MeterRegistry registry;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    private static RequestSpecification operator(String workspace, String route) {
        return SignedCalls.signed()
                .header("Taskgate-Principal", OPERATOR)
                .header("Taskgate-Workspace", workspace)
                .header("Taskgate-Route", route);
    }

    private static <T> T body(Response r, int status, Class<T> type) {
        return Wire.fromBytes(r.then().statusCode(status).extract().asByteArray(), type);
    }

    private double replays(String dlq) {
        return registry.get("taskgate.dead.letter.replays")
                .tag("topic", dlq)
                .counter()
                .count();
    }

    /** Every listed record of {@code dlq}, page by page. */
    private static List<DeadLetter> listAll(String dlq, String route) {
        List<DeadLetter> seen = new java.util.ArrayList<>();
        String cursor = null;
        for (int page = 0; page < 50; page++) {
            RequestSpecification call =
                    operator(OPERATOR_PROJECT, route).queryParam("topic", dlq).queryParam("limit", 7);
            if (cursor != null) {
                call.queryParam("cursor", cursor);
            }
            DeadLetterPage result = body(call.get(BASE), 200, DeadLetterPage.class);
            seen.addAll(result.items());
            cursor = result.nextCursor();
            if (cursor == null) {
                return seen;
            }
        }
        throw new AssertionError("more than 50 pages of dead letters");
    }

    private static DeadLetter listed(String dlq, UUID messageId, String route) {
        return listAll(dlq, route).stream()
                .filter(d -> messageId.toString().equals(d.messageId()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("not listed: " + messageId));
    }

    private List<AuditEntry> audit(String workspace, String route) {
        return body(operator(workspace, route).get("/internal/v1/operator/audit?limit=100"), 200, AuditPage.class)
                .items()
                .stream()
                .filter(e -> e.route().equals(route) && e.action().startsWith("deadletters."))
                .toList();
    }

    private static String route(String what) {
        return "POST /v1/orgs/taskgate/projects/operator/operator/dead-letters/" + what + "-" + UUID.randomUUID();
    }

    @Test
    void aDeadLetteredSubmissionIsListedWithoutItsValueReplayedAndHandledOnce() {
        Caller caller = newCaller();
        SubmitExecution submission =
                submit(caller, "key-" + UUID.randomUUID(), "demo.echo", "{\"secret\":\"only-in-the-value\"}");
        String commands = topic(Topics.COMMANDS);
        String dlq = commands + ".dlq";
        fixture.kafka.sendDeadLettered(
                commands, 0, 4711, JobControlFixture.key(submission), submission, "Connection refused");
        String route = route("listed");

        DeadLetter listed = listed(dlq, submission.messageId(), route);
        assertThat(listed.sourceTopic()).isEqualTo(commands);
        assertThat(listed.sourcePartition()).isZero();
        assertThat(listed.sourceOffset()).isEqualTo(4711L);
        assertThat(listed.reason()).isEqualTo("Connection refused");
        assertThat(listed.messageType()).isEqualTo("SubmitExecution");
        assertThat(listed.key()).isEqualTo(JobControlFixture.key(submission));
        assertThat(listed.replays()).isZero();
        assertThat(listed.replayedAt()).isNull();
        String page = operator(OPERATOR_PROJECT, route)
                .queryParam("topic", dlq)
                .queryParam("limit", 100)
                .get(BASE)
                .asString();
        assertThat(page).doesNotContain("only-in-the-value").doesNotContain("demo.echo");
        assertThat(count(pool, "select count(*) from jobctl.execution where principal = $1", caller.principal()))
                .isZero();

        String at = dlq + "/" + listed.partition() + "/" + listed.offset();
        double replaysBefore = replays(dlq);
        try (TopicWatcher replies = fixture.kafka.watch(topic(Topics.COMMAND_REPLIES))) {
            DeadLetterReplays replayed = body(
                    operator(OPERATOR_PROJECT, route).post(BASE + "/" + at + "/replay"), 200, DeadLetterReplays.class);
            assertThat(replayed.items()).singleElement().satisfies(r -> {
                assertThat(r.sourceTopic()).isEqualTo(commands);
                assertThat(r.replays()).isEqualTo(1);
                assertThat(r.replayedTo()).matches("\\d+/\\d+");
            });
            // job-control verified the frontend's original signature and handled the submission
            Accepted accepted = (Accepted)
                    replies.await(CommandReply.class, r -> r.correlationId().equals(submission.messageId()), WAIT);
            assertThat(accepted.created()).isTrue();
        }
        assertThat(count(pool, "select count(*) from jobctl.execution where principal = $1", caller.principal()))
                .isEqualTo(1);
        DeadLetter after = listed(dlq, submission.messageId(), route);
        assertThat(after.replays()).isEqualTo(1);
        assertThat(after.replayedAt()).isNotNull();

        // a second replay is refused and publishes nothing
        Response again = operator(OPERATOR_PROJECT, route).post(BASE + "/" + at + "/replay");
        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(again.contentType()).startsWith("application/problem+json");
        assertThat(again.jsonPath().getString("type")).endsWith("/already-replayed");
        assertThat(listed(dlq, submission.messageId(), route).replays()).isEqualTo(1);
        assertThat(replays(dlq) - replaysBefore)
                .as("the refused replay is not counted")
                .isEqualTo(1.0);

        // forced, it is published again; the consumer answers the duplicate with the same execution
        try (TopicWatcher replies = fixture.kafka.watch(topic(Topics.COMMAND_REPLIES))) {
            DeadLetterReplays forced = body(
                    operator(OPERATOR_PROJECT, route).post(BASE + "/" + at + "/replay?force=true"),
                    200,
                    DeadLetterReplays.class);
            assertThat(forced.items())
                    .singleElement()
                    .satisfies(r -> assertThat(r.replays()).isEqualTo(2));
            Accepted duplicate = (Accepted)
                    replies.await(CommandReply.class, r -> r.correlationId().equals(submission.messageId()), WAIT);
            assertThat(duplicate.created()).isFalse();
        }
        assertThat(replays(dlq) - replaysBefore).isEqualTo(2.0);
        assertThat(count(pool, "select count(*) from jobctl.execution where principal = $1", caller.principal()))
                .isEqualTo(1);

        assertThat(audit(OPERATOR_PROJECT, route))
                .extracting(AuditEntry::action, AuditEntry::target, AuditEntry::outcome)
                .contains(
                        org.assertj.core.groups.Tuple.tuple("deadletters.replay", at, "ok"),
                        org.assertj.core.groups.Tuple.tuple("deadletters.replay", at, "conflict"),
                        org.assertj.core.groups.Tuple.tuple("deadletters.list", dlq, "ok"));
    }

    @Test
    void aRangeReplaysEveryRecordInItAndRefusesAllWhenOneWasReplayed() {
        Caller caller = newCaller();
        String commands = topic(Topics.COMMANDS);
        String dlq = commands + ".dlq";
        SubmitExecution first = submit(caller, "key-" + UUID.randomUUID(), "demo.echo", "{\"n\":1}");
        SubmitExecution second = submit(caller, "key-" + UUID.randomUUID(), "demo.echo", "{\"n\":2}");
        fixture.kafka.sendDeadLettered(commands, 1, 10, JobControlFixture.key(first), first, "boom");
        fixture.kafka.sendDeadLettered(commands, 1, 11, JobControlFixture.key(second), second, "boom");
        String route = route("range");
        DeadLetter a = listed(dlq, first.messageId(), route);
        DeadLetter b = listed(dlq, second.messageId(), route);
        assertThat(b.partition()).isEqualTo(a.partition()); // one key, one partition
        String range = BASE + "/" + dlq + "/" + a.partition() + "/replay?from=" + a.offset() + "&to=" + b.offset();

        try (TopicWatcher replies = fixture.kafka.watch(topic(Topics.COMMAND_REPLIES))) {
            DeadLetterReplays replayed =
                    body(operator(OPERATOR_PROJECT, route).post(range), 200, DeadLetterReplays.class);
            assertThat(replayed.items())
                    .extracting(DeadLetterReplays.Replayed::offset)
                    .contains(a.offset(), b.offset());
            replies.await(CommandReply.class, r -> r.correlationId().equals(first.messageId()), WAIT);
            replies.await(CommandReply.class, r -> r.correlationId().equals(second.messageId()), WAIT);
        }
        assertThat(count(pool, "select count(*) from jobctl.execution where principal = $1", caller.principal()))
                .isEqualTo(2);

        Response again = operator(OPERATOR_PROJECT, route).post(range);
        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(listed(dlq, first.messageId(), route).replays()).isEqualTo(1);
        assertThat(listed(dlq, second.messageId(), route).replays()).isEqualTo(1);
    }

    @Test
    void anUnknownPositionIs404AndAudited() {
        String dlq = topic(Topics.COMMANDS) + ".dlq";
        String route = route("unknown");

        Response offset = operator(OPERATOR_PROJECT, route).post(BASE + "/" + dlq + "/0/999999999/replay");
        Response partition = operator(OPERATOR_PROJECT, route).post(BASE + "/" + dlq + "/999/0/replay");
        Response topic = operator(OPERATOR_PROJECT, route).post(BASE + "/" + topic(Topics.COMMANDS) + "/0/0/replay");

        for (Response r : List.of(offset, partition, topic)) {
            assertThat(r.statusCode()).as(r.asString()).isEqualTo(404);
            assertThat(r.contentType()).startsWith("application/problem+json");
        }
        assertThat(audit(OPERATOR_PROJECT, route))
                .extracting(AuditEntry::action, AuditEntry::outcome)
                .containsOnly(org.assertj.core.groups.Tuple.tuple("deadletters.replay", "not_found"))
                .hasSize(3);
        assertThat(count(pool, "select count(*) from jobctl.dead_letter_replay where record_offset = 999999999"))
                .isZero();
    }

    @Test
    void anotherProjectIsRefused403AndAudited() {
        String dlq = topic(Topics.COMMANDS) + ".dlq";
        String workspace = "org-" + UUID.randomUUID() + "/p";
        String route = route("foreign");

        Response list = operator(workspace, route).get(BASE);
        Response replay = operator(workspace, route).post(BASE + "/" + dlq + "/0/0/replay");

        for (Response r : List.of(list, replay)) {
            assertThat(r.statusCode()).isEqualTo(403);
            assertThat(r.contentType()).startsWith("application/problem+json");
            assertThat(r.jsonPath().getString("type")).endsWith("/insufficient-scope");
        }
        assertThat(audit(workspace, route))
                .extracting(AuditEntry::action, AuditEntry::outcome)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("deadletters.list", "insufficient_scope"),
                        org.assertj.core.groups.Tuple.tuple("deadletters.replay", "insufficient_scope"));
    }

    @Test
    void malformedParametersAre400Or422AndChangeNothing() {
        String dlq = topic(Topics.COMMANDS) + ".dlq";
        String route = route("malformed");
        long replaysBefore = count(pool, "select count(*) from jobctl.dead_letter_replay");

        assertThat(operator(OPERATOR_PROJECT, route)
                        .queryParam("limit", 0)
                        .get(BASE)
                        .statusCode())
                .isEqualTo(400);
        assertThat(operator(OPERATOR_PROJECT, route)
                        .queryParam("topic", "nope.dlq")
                        .get(BASE)
                        .statusCode())
                .isEqualTo(400);
        assertThat(operator(OPERATOR_PROJECT, route)
                        .queryParam("partition", 0)
                        .get(BASE)
                        .statusCode())
                .isEqualTo(400);
        assertThat(operator(OPERATOR_PROJECT, route)
                        .queryParam("topic", dlq)
                        .queryParam("cursor", "garbage")
                        .get(BASE)
                        .statusCode())
                .isEqualTo(400);
        assertThat(operator(OPERATOR_PROJECT, route)
                        .post(BASE + "/" + dlq + "/x/0/replay")
                        .statusCode())
                .isEqualTo(400);
        assertThat(operator(OPERATOR_PROJECT, route)
                        .post(BASE + "/" + dlq + "/0/-1/replay")
                        .statusCode())
                .isEqualTo(400);
        assertThat(operator(OPERATOR_PROJECT, route)
                        .post(BASE + "/" + dlq + "/0/0/replay?force=yes")
                        .statusCode())
                .isEqualTo(400);
        assertThat(operator(OPERATOR_PROJECT, route)
                        .post(BASE + "/" + dlq + "/0/replay?from=5&to=4")
                        .statusCode())
                .isEqualTo(400);
        assertThat(operator(OPERATOR_PROJECT, route)
                        .post(BASE + "/" + dlq + "/0/replay?from=5")
                        .statusCode())
                .isEqualTo(400);
        Response tooLong = operator(OPERATOR_PROJECT, route).post(BASE + "/" + dlq + "/0/replay?from=0&to=100");
        assertThat(tooLong.statusCode()).isEqualTo(422);
        assertThat(tooLong.contentType()).startsWith("application/problem+json");

        assertThat(count(pool, "select count(*) from jobctl.dead_letter_replay"))
                .isEqualTo(replaysBefore);
        assertThat(audit(OPERATOR_PROJECT, route))
                .extracting(AuditEntry::outcome)
                .contains("invalid_request", "refused");
    }
}
