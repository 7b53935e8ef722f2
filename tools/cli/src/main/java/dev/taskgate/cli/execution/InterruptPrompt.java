package dev.taskgate.cli.execution;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.taskgate.cli.Io;

/**
 * Asks the person at the terminal, after Ctrl-C, whether to cancel the execution being followed or leave it running
 * (detach). Only an explicit yes cancels: no answer within the limit, the end of input or anything else detaches, so
 * an unattended interrupt never stops work.
 */
final class InterruptPrompt {
    /** How long the question waits for an answer before detaching. */
    static final Duration ANSWER_WITHIN = Duration.ofSeconds(15);

    private InterruptPrompt() {}

    /** {@code true} when the answer is yes. */
    static boolean cancelWanted(Io io, String id, Duration within) {
        io.err()
                .print("taskgate: interrupted. Cancel execution " + id + "? [y/N] (leaves it running in "
                        + within.toSeconds() + " s) ");
        io.err().flush();
        // the JVM is stopping: a daemon reader, so that an unanswered question cannot hold the exit beyond the limit
        CompletableFuture<String> answer = new CompletableFuture<>();
        Thread reader = new Thread(
                () -> {
                    try {
                        answer.complete(io.readLine());
                    } catch (RuntimeException e) {
                        answer.complete(null);
                    }
                },
                "taskgate-interrupt-answer");
        reader.setDaemon(true);
        reader.start();
        try {
            String line = answer.get(within.toMillis(), TimeUnit.MILLISECONDS);
            return line != null && isYes(line);
        } catch (TimeoutException e) {
            io.err().println();
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException e) {
            return false;
        }
    }

    private static boolean isYes(String line) {
        String answer = line.strip().toLowerCase(Locale.ROOT);
        return answer.equals("y") || answer.equals("yes");
    }
}
