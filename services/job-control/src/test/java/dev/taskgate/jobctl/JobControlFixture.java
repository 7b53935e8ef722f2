package dev.taskgate.jobctl;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CancelExecution;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.ExecutionCommand;
import dev.taskgate.contracts.command.ProvideInput;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.contracts.event.Started;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.testsupport.KafkaTestClient;

import static org.awaitility.Awaitility.await;

/** Drives job-control through its real topics and API, as a frontend and a worker would. */
public final class JobControlFixture implements AutoCloseable {

    /** The topic prefix of job-control's component tests (application.properties, %test). */
    public static final String PREFIX = "jc-test.";
    /** How long any single expectation may take. */
    public static final Duration WAIT = Duration.ofSeconds(30);
    /** The replyTo of every command sent from tests. */
    public static final String REPLY_TO = "jc-test-frontend";
    /**
     * The scopes of {@link #submit} and {@link #cancel}: a caller who may call and cancel mutating tools, as the
     * frontend states them in the signed command (job-control re-checks {@code tools:write}).
     */
    public static final List<String> SCOPES = List.of("tools:call", "tools:write");

    /**
     * Signs commands as mcp-frontend and worker events as worker-pool with the development keys, which the
     * {@code %test} profile trusts ({@link KafkaTestClient}); {@code kafka.send(…, Signature)} sends otherwise.
     */
    public final KafkaTestClient kafka = KafkaTestClient.connect();

    public static String topic(String name) {
        return PREFIX + name;
    }

    /** A caller nobody else uses, so tests never share rows. */
    public static Caller newCaller() {
        return new Caller("https://taskgate.local/dev", "user-" + UUID.randomUUID(), "org-1", "proj-1");
    }

    public static JsonNode json(String text) {
        return Wire.fromBytes(text.getBytes(StandardCharsets.UTF_8), JsonNode.class);
    }

    public static SubmitExecution submit(Caller caller, String receiptKey, String tool, String input) {
        return submit(caller, receiptKey, tool, input, SCOPES);
    }

    /** A REST submission with the scopes given ({@code null}: none stated). */
    public static SubmitExecution submit(
            Caller caller, String receiptKey, String tool, String input, List<String> scopes) {
        return new SubmitExecution(
                UUID.randomUUID(),
                Instant.now(),
                REPLY_TO,
                caller,
                Surface.REST,
                receiptKey,
                tool,
                json(input),
                null,
                null,
                null,
                scopes);
    }

    public static CancelExecution cancel(Caller caller, UUID executionId) {
        return cancel(caller, executionId, SCOPES);
    }

    /** A cancel with the scopes given ({@code null}: none stated). */
    public static CancelExecution cancel(Caller caller, UUID executionId, List<String> scopes) {
        return new CancelExecution(
                UUID.randomUUID(), Instant.now(), REPLY_TO, executionId, caller, "test", null, scopes);
    }

    /** The Kafka key docs/kafka.md prescribes for a command. */
    public static String key(ExecutionCommand command) {
        return switch (command.kind()) {
            case SUBMIT ->
                ((SubmitExecution) command).caller().principal() + "\n"
                        + ((SubmitExecution) command).caller().workspace();
            case CANCEL -> ((CancelExecution) command).executionId().toString();
            case PROVIDE_INPUT -> ((ProvideInput) command).executionId().toString();
        };
    }

    /** Sends a command with the key docs/kafka.md prescribes and waits for its reply. */
    public CommandReply send(ExecutionCommand command) {
        try (KafkaTestClient.TopicWatcher replies = kafka.watch(topic(Topics.COMMAND_REPLIES))) {
            sendOnly(command);
            return replies.await(CommandReply.class, r -> r.correlationId().equals(command.messageId()), WAIT);
        }
    }

    /** Sends a command without waiting for the reply. */
    public void sendOnly(ExecutionCommand command) {
        kafka.send(topic(Topics.COMMANDS), key(command), command);
    }

    /** Submits a new demo.echo execution and returns the Accepted reply. */
    public Accepted submitNew(Caller caller) {
        return (Accepted) send(submit(caller, "key-" + UUID.randomUUID(), "demo.echo", "{\"a\":1}"));
    }

    public void report(WorkerEvent event) {
        kafka.send(topic(Topics.WORKER_EVENTS), event.executionId().toString(), event);
    }

    public static Started started(UUID executionId, long epoch) {
        return new Started(UUID.randomUUID(), Instant.now(), executionId, epoch, "worker-test", 4242L);
    }

    /** Waits until the query API shows the execution in {@code status}. */
    public static ExecutionSnapshot awaitStatus(Caller caller, UUID executionId, ExecutionStatus status) {
        return await().atMost(WAIT).until(() -> snapshot(caller, executionId), s -> s.status() == status);
    }

    public static ExecutionSnapshot snapshot(Caller caller, UUID executionId) {
        return Wire.fromBytes(
                SignedCalls.signed()
                        .header("Taskgate-Principal", caller.principal())
                        .header("Taskgate-Workspace", caller.workspace())
                        .get("/internal/v1/executions/{id}", executionId)
                        .then()
                        .statusCode(200)
                        .extract()
                        .asByteArray(),
                ExecutionSnapshot.class);
    }

    /** Counts rows with plain SQL on the service's own pool. */
    public static long count(Pool pool, String sql, Object... params) {
        return pool.preparedQuery(sql)
                .execute(Tuple.from(java.util.Arrays.asList(params)))
                .map(rows -> rows.iterator().next().getLong(0))
                .await()
                .atMost(WAIT);
    }

    /**
     * Writes an outbox row directly, as another job-control instance would: a lifecycle record of a type no test's
     * watcher parses, under a key no execution has; the relay publishes it like any other row.
     */
    public static void insertOutboxRow(Pool pool, UUID messageId, String payload) {
        pool.preparedQuery("insert into jobctl.outbox (topic, record_key, message_id, message_type, payload, "
                        + "created_at) values ($1, $2, $3, $4, $5, $6)")
                .execute(Tuple.from(java.util.Arrays.asList(
                        topic(Topics.LIFECYCLE),
                        UUID.randomUUID().toString(),
                        messageId,
                        "Test",
                        io.vertx.core.buffer.Buffer.buffer(payload),
                        java.time.OffsetDateTime.now())))
                .await()
                .atMost(WAIT);
    }

    @Override
    public void close() {
        kafka.close();
    }
}
