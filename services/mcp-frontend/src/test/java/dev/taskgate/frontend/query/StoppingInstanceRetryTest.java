package dev.taskgate.frontend.query;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StoppingInstanceRetryTest {

    @Test
    void a503IsTriedOnceMore() {
        Attempts attempts =
                attempts(() -> Response.status(503).build(), () -> Response.ok().build());

        assertThat(StoppingInstanceRetry.call(attempts).getStatus()).isEqualTo(200);
        assertThat(attempts.made).isEqualTo(2);
    }

    @Test
    void aLostConnectionIsTriedOnceMore() {
        Attempts attempts = attempts(
                () -> {
                    throw new ProcessingException(new java.io.IOException("Connection was closed"));
                },
                () -> Response.status(404).build());

        assertThat(StoppingInstanceRetry.call(attempts).getStatus()).isEqualTo(404);
        assertThat(attempts.made).isEqualTo(2);
    }

    @Test
    void theSecondAnswerIsTheAnswerWhateverItIs() {
        Attempts attempts = attempts(
                () -> Response.status(503).build(), () -> Response.status(503).build());

        assertThat(StoppingInstanceRetry.call(attempts).getStatus()).isEqualTo(503);
        assertThat(attempts.made).isEqualTo(2);
    }

    @Test
    void aTimeoutIsNotTriedAgain() {
        Attempts attempts = attempts(() -> {
            throw new ProcessingException(new TimeoutException("read timed out"));
        });

        assertThatThrownBy(() -> StoppingInstanceRetry.call(attempts)).isInstanceOf(ProcessingException.class);
        assertThat(attempts.made).isEqualTo(1);
    }

    @Test
    void otherAnswersAreKept() {
        Attempts attempts = attempts(() -> Response.status(500).build());

        assertThat(StoppingInstanceRetry.call(attempts).getStatus()).isEqualTo(500);
        assertThat(attempts.made).isEqualTo(1);
    }

    private static Attempts attempts(Supplier<Response> only) {
        return new Attempts(List.of(only));
    }

    private static Attempts attempts(Supplier<Response> first, Supplier<Response> second) {
        return new Attempts(List.of(first, second));
    }

    private static final class Attempts implements Supplier<Response> {
        private final Deque<Supplier<Response>> answers = new ArrayDeque<>();
        int made;

        Attempts(List<Supplier<Response>> answers) {
            this.answers.addAll(answers);
        }

        @Override
        public Response get() {
            made++;
            return answers.removeFirst().get();
        }
    }
}
