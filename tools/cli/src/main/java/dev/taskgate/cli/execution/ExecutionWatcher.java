package dev.taskgate.cli.execution;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;

/**
 * Follows one execution until it is terminal, showing its progress and answering its input requests.
 *
 * <p>Fed by the execution's event stream ({@code GET /{id}/events}): a {@code status} event for every change a
 * client sees and a {@code progress} event for every report of the tool, until the terminal {@code status} event. A
 * stream the server ends before that (its open time) is opened again. When the server has no stream (404, 405), refuses
 * one (503 when every place is taken) or the stream breaks, the watcher polls {@code GET /{id}} instead, as often as
 * the server says ({@code poll_interval_ms}, 500 ms by default) — never faster than {@link #MIN_INTERVAL}, never
 * slower than {@link #MAX_INTERVAL} — and each answer carries the latest report job-control recorded.
 */
public final class ExecutionWatcher {
    private static final ObjectMapper JSON = new ObjectMapper();
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
            execution = streamed(id, execution, start, answered);
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

    /**
     * Follows the event stream until the terminal event; the execution as last known, terminal unless the watcher
     * must poll instead (no stream, a refusal, a broken stream, one that ended at once without news).
     */
    private JsonNode streamed(String id, JsonNode first, long start, Set<String> answered) throws InterruptedException {
        JsonNode execution = first;
        boolean reopen = true;
        while (reopen && !isTerminal(execution.path("status").asText())) {
            long opened = nanoTime.getAsLong();
            int received = 0;
            Optional<Stream<String>> stream = open(id);
            if (stream.isEmpty()) {
                return execution; // no stream here (404, 405), no place for one (503), or unreachable: poll
            }
            try (Stream<String> lines = stream.get()) {
                ServerSentEvents events = new ServerSentEvents(lines.iterator());
                ServerSentEvents.Event event;
                while ((event = events.next()) != null) {
                    received++;
                    execution = applied(execution, event);
                    display.update(execution, Duration.ofNanos(nanoTime.getAsLong() - start));
                    String status = execution.path("status").asText();
                    if (isTerminal(status)) {
                        return execution;
                    }
                    if ("status".equals(event.name()) && "input_required".equals(status)) {
                        answerOutstanding(id, execution, answered); // its refusals end the command, as when polling
                    }
                }
            } catch (UncheckedIOException e) {
                if (Thread.currentThread().isInterrupted()) {
                    throw new InterruptedException();
                }
                return execution; // the stream broke: poll
            }
            // the server ends a stream after a while: open the next, unless this one ended at once with nothing new
            reopen = received > 1 || nanoTime.getAsLong() - opened >= MAX_INTERVAL.toNanos();
        }
        return execution;
    }

    // The event stream, or empty when the watcher must poll instead.
    private Optional<Stream<String>> open(String id) throws InterruptedException {
        try {
            return Optional.of(client.events(id));
        } catch (CliException e) {
            if (e.exitCode() == ExitCodes.INTERRUPTED) {
                throw new InterruptedException();
            }
            return Optional.empty();
        }
    }

    // A status event is the execution; a progress event updates its progress, total and message.
    private static JsonNode applied(JsonNode execution, ServerSentEvents.Event event) {
        JsonNode data;
        try {
            data = JSON.readTree(event.data());
        } catch (IOException e) {
            return execution; // not ours to judge: the next status event or poll tells the truth
        }
        if ("status".equals(event.name())) {
            return data;
        }
        if (!"progress".equals(event.name()) || !execution.isObject()) {
            return execution;
        }
        ObjectNode updated = ((ObjectNode) execution).deepCopy();
        updated.set("progress", data.path("progress"));
        if (data.hasNonNull("total")) {
            updated.set("total", data.get("total"));
        }
        if (data.hasNonNull("message")) {
            updated.set("status_message", data.get("message"));
        }
        return updated;
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
