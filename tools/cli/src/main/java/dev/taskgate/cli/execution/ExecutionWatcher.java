package dev.taskgate.cli.execution;

import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;

/**
 * Follows one execution until it is terminal, showing its progress and answering its input requests.
 *
 * <p>The REST API has no event stream: progress reaches a REST client only through {@code GET /{id}}, and the
 * server says how often to ask ({@code poll_interval_ms}, 500 ms by default). The watcher asks exactly that often —
 * never faster than {@link #MIN_INTERVAL}, never slower than {@link #MAX_INTERVAL} — and each answer carries the
 * latest progress report job-control recorded. (MCP's {@code notifications/progress} stream exists only for MCP
 * synchronous calls.)
 */
public final class ExecutionWatcher {
    static final Duration MIN_INTERVAL = Duration.ofMillis(200);
    static final Duration MAX_INTERVAL = Duration.ofSeconds(5);
    private static final Set<String> TERMINAL = Set.of("completed", "failed", "cancelled");

    /** Waits between two reads. */
    public interface Pause {
        /** Sleeps {@code duration}. */
        void sleep(Duration duration) throws InterruptedException;
    }

    private final ExecutionClient client;
    private final ProgressDisplay display;
    private final InputAnswerer answerer;
    private final Pause pause;
    private final LongSupplier nanoTime;

    /** Reads through {@code client}, shows on {@code display}, answers with {@code answerer}. */
    public ExecutionWatcher(
            ExecutionClient client,
            ProgressDisplay display,
            InputAnswerer answerer,
            Pause pause,
            LongSupplier nanoTime) {
        this.client = client;
        this.display = display;
        this.answerer = answerer;
        this.pause = pause;
        this.nanoTime = nanoTime;
    }

    /** Whether {@code status} is an end state. */
    public static boolean isTerminal(String status) {
        return TERMINAL.contains(status);
    }

    /**
     * Follows the execution {@code id}, starting from {@code first} (its representation as last read), until it is
     * terminal; the terminal representation. Each input request is answered once.
     */
    public JsonNode follow(String id, JsonNode first) {
        long start = nanoTime.getAsLong();
        Set<String> answered = new HashSet<>();
        JsonNode execution = first;
        try {
            while (true) {
                display.update(execution, Duration.ofNanos(nanoTime.getAsLong() - start));
                String status = execution.path("status").asText();
                if (isTerminal(status)) {
                    return execution;
                }
                if ("input_required".equals(status)) {
                    answerOutstanding(id, execution, answered);
                }
                pause.sleep(interval(execution));
                execution = client.get(id);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException(ExitCodes.INTERRUPTED, "Interrupted; execution " + id + " goes on.");
        } finally {
            display.finish();
        }
    }

    private void answerOutstanding(String id, JsonNode execution, Set<String> answered) {
        for (Map.Entry<String, JsonNode> request :
                execution.path("input_requests").properties()) {
            if (answered.add(request.getKey())) {
                display.finish();
                JsonNode response = answerer.answer(id, request.getKey(), request.getValue());
                client.input(id, request.getKey(), response);
            }
        }
    }

    /** The server's suggested interval, kept within bounds. */
    static Duration interval(JsonNode execution) {
        long suggested = execution.path("poll_interval_ms").asLong(500);
        return Duration.ofMillis(Math.max(MIN_INTERVAL.toMillis(), Math.min(MAX_INTERVAL.toMillis(), suggested)));
    }
}
