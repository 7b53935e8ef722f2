package dev.taskgate.worker.report;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.WorkerEvent;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The terminal event of a run is kept until the broker has it: sent again after each refusal with a doubling pause,
 * waited for (not doubled) while a send is merely slow, replaced once by a failure when the broker refuses it for its
 * size, and given up only when the instance shuts down. The sends are
 * scripted futures: what the broker answers is the input here, the retry rule the subject.
 */
class TerminalDeliveryTest {
    private static final Finished RESULT =
            new Finished(UUID.randomUUID(), Instant.now(), UUID.randomUUID(), 1, "worker-1", "{\"content\":[]}");

    private final List<WorkerEvent> sent = new ArrayList<>();
    private final List<Duration> pauses = new ArrayList<>();
    private final AtomicBoolean stopping = new AtomicBoolean();

    private TerminalDelivery delivery(List<CompletableFuture<Void>> answers) {
        return new TerminalDelivery(
                event -> {
                    sent.add(event);
                    return answers.get(sent.size() - 1);
                },
                TerminalDeliveryTest::failureInstead,
                Duration.ofMillis(20),
                stopping::get,
                pauses::add);
    }

    private static Failed failureInstead(WorkerEvent event, String why) {
        return new Failed(
                UUID.randomUUID(),
                Instant.now(),
                event.executionId(),
                event.epoch(),
                "worker-1",
                "outcome_too_large",
                why);
    }

    private static CompletableFuture<Void> tooLarge() {
        return CompletableFuture.failedFuture(new RecordTooLargeException(
                "The message is 1867411 bytes when serialized which is larger than 1048576"));
    }

    private static CompletableFuture<Void> refused() {
        return CompletableFuture.failedFuture(new TimeoutException("Topic not present in metadata after 60000 ms."));
    }

    @Test
    void anEventTheBrokerRefusesIsSentAgainWithADoublingPauseUntilItIsAcknowledged() {
        List<CompletableFuture<Void>> answers = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            answers.add(refused());
        }
        answers.add(CompletableFuture.completedFuture(null));

        assertThat(delivery(answers).deliver(RESULT)).isTrue();

        assertThat(sent).hasSize(8).containsOnly(RESULT);
        assertThat(pauses)
                .containsExactly(
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(2),
                        Duration.ofSeconds(4),
                        Duration.ofSeconds(8),
                        Duration.ofSeconds(16),
                        Duration.ofSeconds(30),
                        Duration.ofSeconds(30));
    }

    @Test
    void anEventRefusedForItsSizeIsReplacedByAFailureAtOnce() {
        List<CompletableFuture<Void>> answers = List.of(tooLarge(), CompletableFuture.completedFuture(null));

        assertThat(delivery(answers).deliver(RESULT)).isTrue();

        assertThat(sent).hasSize(2);
        assertThat(sent.get(0)).isSameAs(RESULT);
        Failed failure = (Failed) sent.get(1);
        assertThat(failure.executionId()).isEqualTo(RESULT.executionId());
        assertThat(failure.epoch()).isEqualTo(RESULT.epoch());
        assertThat(failure.code()).isEqualTo("outcome_too_large");
        assertThat(failure.message()).contains("1867411 bytes");
        assertThat(pauses)
                .as("a size never fits later: no pause before the replacement")
                .isEmpty();
    }

    @Test
    void aReplacementRefusedForItsSizeIsKeptAndSentAgainNotReplacedAgain() {
        List<CompletableFuture<Void>> answers =
                List.of(tooLarge(), tooLarge(), CompletableFuture.completedFuture(null));

        assertThat(delivery(answers).deliver(RESULT)).isTrue();

        assertThat(sent).hasSize(3);
        assertThat(sent.get(1)).isInstanceOf(Failed.class).isSameAs(sent.get(2));
        assertThat(pauses).containsExactly(Duration.ofSeconds(1));
    }

    @Test
    void aSlowSendIsWaitedForAndNotSentTwice() {
        CompletableFuture<Void> slow = new CompletableFuture<>();
        // acknowledged only after several waits have run out
        CompletableFuture.runAsync(
                () -> slow.complete(null),
                CompletableFuture.delayedExecutor(200, java.util.concurrent.TimeUnit.MILLISECONDS));

        assertThat(delivery(List.of(slow)).deliver(RESULT)).isTrue();

        assertThat(sent).hasSize(1);
        assertThat(pauses).isEmpty();
    }

    @Test
    void shuttingDownEndsTheWaitUndelivered() {
        CompletableFuture<Void> never = new CompletableFuture<>();
        stopping.set(true);

        assertThat(delivery(List.of(never)).deliver(RESULT)).isFalse();
        assertThat(sent).isEmpty();

        stopping.set(false);
        List<CompletableFuture<Void>> answers = List.of(refused(), never);
        TerminalDelivery delivery = new TerminalDelivery(
                event -> {
                    sent.add(event);
                    return answers.get(sent.size() - 1);
                },
                TerminalDeliveryTest::failureInstead,
                Duration.ofMillis(20),
                stopping::get,
                pause -> stopping.set(true)); // the instance begins to shut down during the pause
        assertThat(delivery.deliver(RESULT)).isFalse();
        assertThat(sent).as("no send once stopping").hasSize(1);
    }
}
