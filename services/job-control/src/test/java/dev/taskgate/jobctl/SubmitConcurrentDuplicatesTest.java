package dev.taskgate.jobctl;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.jobctl.command.CommandOutcome;
import dev.taskgate.jobctl.submit.SubmissionService;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.count;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static dev.taskgate.jobctl.JobControlFixture.topic;
import static org.assertj.core.api.Assertions.assertThat;

@QuarkusTest
class SubmitConcurrentDuplicatesTest {

    private static JobControlFixture fixture;

    @Inject
    Pool pool;

    @Inject
    SubmissionService submissions;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @Test
    void twentyConcurrentTransactionsForOneKeyCreateExactlyOneExecution() {
        Caller caller = newCaller();
        // bypass Kafka (which serialises one key on one partition) so the transactions really race
        List<Uni<CommandOutcome>> racing = IntStream.range(0, 20)
                .mapToObj(i -> submissions.submit(submit(caller, "race", "demo.echo", "{\"same\":true}")))
                .toList();

        List<CommandOutcome> outcomes =
                Uni.join().all(racing).andFailFast().await().atMost(WAIT);

        List<Accepted> accepted =
                outcomes.stream().map(o -> (Accepted) o.reply()).toList();
        assertThat(accepted).filteredOn(Accepted::created).hasSize(1);
        assertThat(accepted)
                .extracting(Accepted::executionId)
                .containsOnly(accepted.get(0).executionId());
        assertThat(count(pool, "select count(*) from jobctl.execution where principal = $1", caller.principal()))
                .isEqualTo(1);
        assertThat(count(pool, "select count(*) from jobctl.receipt where principal = $1", caller.principal()))
                .isEqualTo(1);
    }

    @Test
    void twentyConcurrentCommandsOverKafkaYieldOneExecution() {
        Caller caller = newCaller();
        List<SubmitExecution> commands = IntStream.range(0, 20)
                .mapToObj(i -> submit(caller, "race-kafka", "demo.echo", "{\"same\":true}"))
                .toList();
        List<CommandReply> replies = new ArrayList<>();
        try (TopicWatcher watcher = fixture.kafka.watch(topic(Topics.COMMAND_REPLIES))) {
            CompletableFuture.allOf(commands.stream()
                            .map(c -> CompletableFuture.runAsync(() -> fixture.sendOnly(c)))
                            .toArray(CompletableFuture[]::new))
                    .join();
            for (SubmitExecution c : commands) {
                UUID id = c.messageId();
                replies.add(
                        watcher.await(CommandReply.class, r -> r.correlationId().equals(id), WAIT));
            }
        }

        assertThat(replies).allMatch(Accepted.class::isInstance);
        assertThat(replies).map(r -> ((Accepted) r).created()).containsOnlyOnce(true);
        assertThat(replies)
                .map(r -> ((Accepted) r).executionId())
                .containsOnly(((Accepted) replies.get(0)).executionId());
        assertThat(count(pool, "select count(*) from jobctl.execution where principal = $1", caller.principal()))
                .isEqualTo(1);
    }
}
