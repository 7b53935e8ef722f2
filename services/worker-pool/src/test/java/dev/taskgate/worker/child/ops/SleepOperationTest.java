package dev.taskgate.worker.child.ops;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.worker.child.OperationStoppedException;
import dev.taskgate.worker.child.RecordingContext;
import dev.taskgate.worker.child.RecordingContext.Report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

class SleepOperationTest {
    private final ObjectMapper mapper = new ObjectMapper();
    private final RecordingContext context = new RecordingContext();

    @Test
    void reportsProgressEverySecondThenReturnsTheResult() throws Exception {
        long start = System.nanoTime();

        String result = new SleepOperation().run(mapper.readTree("{\"seconds\":2}"), context);

        assertThat(Duration.ofNanos(System.nanoTime() - start))
                .isBetween(Duration.ofMillis(1900), Duration.ofMillis(3500));
        assertThat(result)
                .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":\"slept 2 seconds\"}],\"isError\":false}");
        assertThat(context.reports())
                .containsExactly(
                        new Report(1, 2.0, "slept 1 of 2 seconds"), new Report(2, 2.0, "slept 2 of 2 seconds"));
    }

    @Test
    void zeroSecondsReturnsAtOnceWithoutProgress() throws Exception {
        String result = new SleepOperation().run(mapper.readTree("{\"seconds\":0}"), context);

        assertThat(result)
                .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":\"slept 0 seconds\"}],\"isError\":false}");
        assertThat(context.reports()).isEmpty();
    }

    @Test
    void fractionalSecondsAreKeptInTheText() throws Exception {
        String result = new SleepOperation().run(mapper.readTree("{\"seconds\":0.3}"), context);

        assertThat(result).contains("slept 0.3 seconds");
    }

    @Test
    void stopsAtTheNextSafePointWithWhatItHadDone() throws Exception {
        CompletableFuture<Throwable> outcome = CompletableFuture.supplyAsync(() -> {
            try {
                new SleepOperation().run(mapper.readTree("{\"seconds\":30}"), context);
                return null;
            } catch (Exception e) {
                return e;
            }
        });
        await().atMost(Duration.ofSeconds(5)).until(() -> context.reports().size() == 1);

        context.requestStop();

        // the message proves it stopped at the next safe point, not after its 30 s (no timed assertion: noisy CI)
        Throwable stopped = outcome.get(10, TimeUnit.SECONDS);
        assertThat(stopped).isInstanceOf(OperationStoppedException.class).hasMessage("stopped after 1 of 30 seconds");
    }

    @Test
    void rejectsAMissingDuration() {
        assertThatThrownBy(() -> new SleepOperation().run(mapper.createObjectNode(), context))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
