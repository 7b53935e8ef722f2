package dev.taskgate.e2e;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.serviceauth.RecordSignature;
import dev.taskgate.testsupport.DevDatabaseRoles;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.TestInfra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * One hundred identical submissions (one receipt key) at once through two job-control processes sharing the
 * database: they are spread over every partition of the commands topic, so both instances handle some of them
 * concurrently, and the receipt still creates exactly one execution that all hundred replies name.
 */
@ExtendWith(LocalStack.class)
class SubmitConcurrentTwoInstancesE2E {
    private static final int SUBMISSIONS = 100;
    private static final Duration WAIT = Duration.ofSeconds(120);

    @BeforeAll
    static void secondJobControl() throws Exception {
        LocalStack.get().startExtra("job-control", "job-control-2");
        try (Admin admin = Admin.create(TestInfra.kafkaAdmin())) {
            // both instances own partitions of the commands topic before anything is sent
            await().atMost(WAIT).pollInterval(Duration.ofMillis(500)).until(() -> {
                ConsumerGroupDescription group = admin.describeConsumerGroups(Set.of(LocalStack.topic("job-control")))
                        .describedGroups()
                        .get(LocalStack.topic("job-control"))
                        .get();
                return group.members().stream()
                                .filter(m -> m.assignment().topicPartitions().stream()
                                        .anyMatch(tp -> tp.topic().equals(LocalStack.topic(Topics.COMMANDS))))
                                .count()
                        >= 2;
            });
        }
    }

    @Test
    void oneHundredIdenticalSubmissionsOverTwoInstancesCreateOneExecution() throws Exception {
        Caller caller = new Caller("https://taskgate.local/dev", "race-" + UUID.randomUUID(), "acme", "demo");
        JsonNode input = Wire.mapper().createObjectNode().put("same", true);
        List<SubmitExecution> commands = new ArrayList<>();
        for (int i = 0; i < SUBMISSIONS; i++) {
            commands.add(new SubmitExecution(
                    UUID.randomUUID(),
                    Instant.now(),
                    "e2e-race",
                    caller,
                    Surface.REST,
                    "same-key",
                    "demo.echo",
                    input));
        }
        int partitions;
        List<CommandReply> replies = new ArrayList<>();
        long started;
        long elapsedMs;
        try (KafkaTestClient kafka = LocalStack.kafka();
                KafkaTestClient.TopicWatcher watcher = kafka.watch(LocalStack.topic(Topics.COMMAND_REPLIES));
                KafkaProducer<String, byte[]> producer = producer()) {
            partitions =
                    producer.partitionsFor(LocalStack.topic(Topics.COMMANDS)).size();
            started = System.nanoTime();
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (int i = 0; i < SUBMISSIONS; i++) {
                SubmitExecution c = commands.get(i);
                // an explicit partition per record (frontends key by caller, which would put all on one partition)
                String topic = LocalStack.topic(Topics.COMMANDS);
                String key = caller.principal() + "\n" + caller.workspace();
                // sealed and then signed, as the stack's frontend does (docs/security.md "Payloads on Kafka")
                byte[] value = kafka.seal(Wire.toBytes(c));
                ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, i % partitions, key, value);
                record.headers()
                        .add(MessageHeaders.MESSAGE_ID, c.messageId().toString().getBytes(StandardCharsets.UTF_8));
                record.headers().add(MessageHeaders.MESSAGE_TYPE, "SubmitExecution".getBytes(StandardCharsets.UTF_8));
                // as the stack's frontend signs it: job-control applies no command without (docs/security.md)
                record.headers()
                        .add(
                                RecordSignature.HEADER,
                                kafka.signature(KafkaTestClient.FRONTEND, topic, key, value)
                                        .getBytes(StandardCharsets.US_ASCII));
                sent.add(producer.send(record));
            }
            producer.flush();
            for (Future<RecordMetadata> f : sent) {
                f.get();
            }
            for (SubmitExecution c : commands) {
                replies.add(
                        watcher.await(CommandReply.class, r -> r.correlationId().equals(c.messageId()), WAIT));
            }
            elapsedMs = (System.nanoTime() - started) / 1_000_000;
        }

        assertThat(replies).hasSize(SUBMISSIONS).allMatch(Accepted.class::isInstance);
        Set<UUID> named =
                replies.stream().map(r -> ((Accepted) r).executionId()).collect(Collectors.toSet());
        assertThat(named).hasSize(1);
        assertThat(replies.stream().filter(r -> ((Accepted) r).created()).count())
                .isEqualTo(1);
        long rows = count("select count(*) from jobctl.execution where principal = ?", caller.principal());
        long receipts = count("select count(*) from jobctl.receipt where principal = ?", caller.principal());
        assertThat(rows).isEqualTo(1);
        assertThat(receipts).isEqualTo(1);
        System.out.printf(
                "concurrent identical submissions: submissions=%d job-control instances=2 partitions=%d "
                        + "replies=%d executions created=%d elapsed_ms=%d%n",
                SUBMISSIONS, partitions, replies.size(), rows, elapsedMs);
    }

    private static KafkaProducer<String, byte[]> producer() {
        Properties p = TestInfra.kafkaAdmin();
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return new KafkaProducer<>(p);
    }

    private static long count(String sql, String principal) throws SQLException {
        String url = LocalStack.jdbcUrl();
        try (Connection c = DevDatabaseRoles.JOBCTL.connect(url);
                PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, principal);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        }
    }
}
