package dev.taskgate.jobctl.shutdown.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.jobctl.JobControlFixture;
import dev.taskgate.jobctl.shutdown.RecordIntake;
import dev.taskgate.jobctl.shutdown.web.StoppedServer;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.testsupport.TestInfra;

import static dev.taskgate.jobctl.JobControlFixture.PREFIX;
import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalToIgnoringCase;

/**
 * A graceful stop, step by step, on an application of its own: the intake closes, a command arriving then is left
 * for the next owner (neither handled nor dead-lettered), the consumers leave the group, and once the services tear
 * down every request is refused with a 503 that closes the connection.
 */
@QuarkusTest
@TestProfile(StoppingInstanceProfile.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PartitionHandoverTest {
    private static final String GROUP = PREFIX + "job-control";
    private static JobControlFixture fixture;

    @Inject
    RecordIntake intake;

    @Inject
    PartitionHandover handover;

    @Inject
    StoppedServer server;

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

    @Test
    @Order(1)
    void aCommandArrivingDuringTheStopIsLeftToTheNextOwnerOfItsPartition() throws Exception {
        Accepted before = fixture.submitNew(newCaller());
        assertThat(before.created())
                .as("the instance handles commands until it stops")
                .isTrue();
        assertThat(members()).as("this instance is in the group").isNotEmpty();
        double deadLettered = deadLettered("commands");

        SubmitExecution late = JobControlFixture.submit(newCaller(), "key-" + UUID.randomUUID(), "demo.echo", "{}");
        try (TopicWatcher replies = fixture.kafka.watch(topic(Topics.COMMAND_REPLIES))) {
            intake.close();
            fixture.sendOnly(late);
            await().atMost(WAIT).until(() -> intake.refused() > 0);

            handover.begin().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);

            await().atMost(WAIT).until(() -> members().isEmpty());
            ConsumerRecord<String, byte[]> taken = nextOwnerReads(late);
            assertThat(taken.key()).isEqualTo(JobControlFixture.key(late));
            assertThat(replies.drainToEnd().stream()
                            .map(r -> new String(r.value(), StandardCharsets.UTF_8))
                            .filter(reply -> reply.contains(late.messageId().toString())))
                    .as("the stopping instance did not handle the command")
                    .isEmpty();
        }
        assertThat(deadLettered("commands")).as("nothing was dead-lettered").isEqualTo(deadLettered);
        assertThat(intake.inHand()).isZero();
    }

    @Test
    @Order(2)
    void onceTheServicesTearDownARequestIsRefusedAndItsConnectionClosed() {
        server.refuse();

        given().get("/internal/v1/executions/" + UUID.randomUUID())
                .then()
                .statusCode(503)
                .header("Connection", equalToIgnoringCase("close"))
                .contentType("application/problem+json");
    }

    // the record, as a consumer of the group that joins once this instance left reads it: from the committed offset
    private static ConsumerRecord<String, byte[]> nextOwnerReads(SubmitExecution command) {
        Properties p = TestInfra.kafkaAdmin();
        p.put(ConsumerConfig.GROUP_ID_CONFIG, GROUP);
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        try (KafkaConsumer<String, byte[]> next = new KafkaConsumer<>(p)) {
            next.subscribe(List.of(topic(Topics.COMMANDS)));
            List<ConsumerRecord<String, byte[]>> seen = new ArrayList<>();
            return await().atMost(WAIT)
                    .until(
                            () -> {
                                next.poll(Duration.ofMillis(500)).forEach(seen::add);
                                return seen.stream()
                                        .filter(r -> isMessage(r, command.messageId()))
                                        .findFirst();
                            },
                            Optional::isPresent)
                    .orElseThrow();
        }
    }

    private static boolean isMessage(ConsumerRecord<String, byte[]> record, UUID messageId) {
        var header = record.headers().lastHeader(MessageHeaders.MESSAGE_ID);
        return header != null && messageId.toString().equals(new String(header.value(), StandardCharsets.UTF_8));
    }

    private static List<String> members() throws Exception {
        try (Admin admin = Admin.create(TestInfra.kafkaAdmin())) {
            return admin
                    .describeConsumerGroups(List.of(GROUP))
                    .all()
                    .get(30, TimeUnit.SECONDS)
                    .get(GROUP)
                    .members()
                    .stream()
                    .map(m -> m.clientId())
                    .filter(id -> id.endsWith("stopping-instance"))
                    .toList();
        }
    }

    private double deadLettered(String topic) {
        return registry.get("taskgate.dead.letters")
                .tag("topic", topic)
                .counter()
                .count();
    }
}
