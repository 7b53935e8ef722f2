package dev.taskgate.e2e;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.RestAssured;
import io.restassured.response.Response;

import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.contracts.Topics;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.testsupport.Tokens;
import dev.taskgate.tracing.TraceContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 18 item 5: one execution through the packaged services is one trace. The W3C trace context its records carry
 * on every topic it crosses (commands, work, worker events, lifecycle) has one trace id, and each hop's span is a new
 * one: the frontend's request span on the command, job-control's on the work and the first lifecycle record (written
 * through the outbox in the handling of the command), worker-pool's on the worker events, job-control's again on the
 * later lifecycle records; webhook-dispatcher reads those last. The stack runs with no exporter, as by default.
 */
@ExtendWith(LocalStack.class)
class TraceContextE2E {
    private static final Duration SETTLE = Duration.ofSeconds(60);

    private static String subject;
    private static String token;

    @BeforeAll
    static void setUp() {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        subject = "trace-e2e-" + UUID.randomUUID();
        token = Tokens.forSubject(subject)
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
    }

    @Test
    void oneExecutionIsOneTraceWithANewSpanAtEveryHop() {
        try (KafkaTestClient kafka = LocalStack.kafka();
                TopicWatcher commands = kafka.watch(LocalStack.topic(Topics.COMMANDS));
                TopicWatcher replies = kafka.watch(LocalStack.topic(Topics.COMMAND_REPLIES));
                TopicWatcher work = kafka.watch(LocalStack.topic(Topics.WORK));
                TopicWatcher events = kafka.watch(LocalStack.topic(Topics.WORKER_EVENTS));
                TopicWatcher lifecycle = kafka.watch(LocalStack.topic(Topics.LIFECYCLE))) {
            // an operation that reports progress: its Started goes out before the progress, never folded into its end
            // as a quick read-only run's is (docs/worker-pool.md "A quick run reports once")
            Response submitted = DemoExecutions.submit(token, "demo.count", Map.of("to", 1, "step_ms", 1));
            submitted.then().statusCode(202);
            assertThat(DemoExecutions.result(token, submitted).getString("content[0].text"))
                    .isEqualTo("counted to 1");

            // REST names the execution by its handle, the records by its id: the reply to the command gives it
            Map.Entry<String, TraceContext> command = await().atMost(SETTLE)
                    .until(
                            () -> commands.drain(Duration.ofMillis(200)).stream()
                                    .filter(r -> r.key().contains(subject) && "SubmitExecution".equals(type(r)))
                                    .map(r -> Map.entry(
                                            header(r, MessageHeaders.MESSAGE_ID),
                                            TraceContext.from(r.headers())
                                                    .orElseThrow(
                                                            () -> new AssertionError("no traceparent on the command"))))
                                    .findFirst()
                                    .orElse(null),
                            Objects::nonNull);
            String id = await().atMost(SETTLE)
                    .until(
                            () -> replies.drain(Duration.ofMillis(200)).stream()
                                    .filter(r -> command.getKey().equals(field(r, "correlationId")))
                                    .map(r -> field(r, "executionId"))
                                    .findFirst()
                                    .orElse(null),
                            Objects::nonNull);
            TraceContext run = traces(work, r -> id.equals(r.key()), TraceContextE2E::type, List.of("RunOperation"))
                    .get("RunOperation");
            Map<String, TraceContext> reports =
                    traces(events, r -> id.equals(r.key()), TraceContextE2E::type, List.of("Started", "Finished"));
            Map<String, TraceContext> changes = traces(
                    lifecycle,
                    r -> id.equals(r.key()),
                    TraceContextE2E::state,
                    List.of("queued", "working", "completed"));

            String trace = command.getValue().traceId().orElseThrow();
            assertThat(run.traceId()).contains(trace);
            assertThat(reports.values()).allSatisfy(t -> assertThat(t.traceId()).contains(trace));
            assertThat(changes.values()).allSatisfy(t -> assertThat(t.traceId()).contains(trace));

            String frontend = command.getValue().spanId().orElseThrow();
            String submission = run.spanId().orElseThrow();
            String worker = reports.get("Started").spanId().orElseThrow();
            assertThat(submission)
                    .as("job-control's span, a child of the frontend's")
                    .isNotEqualTo(frontend);
            assertThat(worker)
                    .as("worker-pool's span, a child of job-control's")
                    .isNotIn(frontend, submission);
            assertThat(reports.get("Finished").spanId())
                    .as("every report of the run in the worker's span")
                    .contains(worker);
            assertThat(changes.get("queued").spanId())
                    .as("queued: written with the work record, in the handling of the command")
                    .contains(submission);
            String working = changes.get("working").spanId().orElseThrow();
            String completed = changes.get("completed").spanId().orElseThrow();
            assertThat(List.of(working, completed))
                    .as("working, completed: each in job-control's span of handling a report, a child of the worker's")
                    .doesNotContain(frontend, submission, worker);
            assertThat(working).isNotEqualTo(completed);
        }
    }

    /**
     * The trace context of each record {@code match} selects, by the name {@code name} gives it (a message type, a
     * state), once there is one for each of {@code expected}; the first record of a name counts.
     */
    private static Map<String, TraceContext> traces(
            TopicWatcher watcher,
            Predicate<ConsumerRecord<String, byte[]>> match,
            Function<ConsumerRecord<String, byte[]>, String> name,
            List<String> expected) {
        Map<String, TraceContext> byName = new HashMap<>();
        await().atMost(SETTLE).pollInterval(Duration.ofMillis(100)).until(() -> {
            byName.clear();
            for (ConsumerRecord<String, byte[]> record : watcher.drain(Duration.ofMillis(200))) {
                String n = match.test(record) ? name.apply(record) : null;
                if (n != null && !byName.containsKey(n)) {
                    byName.put(
                            n,
                            TraceContext.from(record.headers())
                                    .orElseThrow(() -> new AssertionError("no traceparent on the " + n + " record")));
                }
            }
            return byName.keySet().containsAll(expected);
        });
        return byName;
    }

    private static String state(ConsumerRecord<String, byte[]> record) {
        return field(record, "state");
    }

    /** A top-level string member of the record's JSON value, {@code null} when there is none. */
    private static String field(ConsumerRecord<String, byte[]> record, String name) {
        Matcher member = Pattern.compile("\"" + name + "\":\"([^\"]+)\"").matcher(value(record));
        return member.find() ? member.group(1) : null;
    }

    private static String value(ConsumerRecord<String, byte[]> record) {
        return new String(record.value(), StandardCharsets.UTF_8);
    }

    private static String type(ConsumerRecord<String, byte[]> record) {
        return header(record, MessageHeaders.MESSAGE_TYPE);
    }

    private static String header(ConsumerRecord<String, byte[]> record, String name) {
        var header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
