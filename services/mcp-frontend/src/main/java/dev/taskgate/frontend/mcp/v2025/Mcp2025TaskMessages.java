package dev.taskgate.frontend.mcp.v2025;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiConsumer;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.mcp.LogNotifications;
import dev.taskgate.frontend.mcp.ProgressNotifications;
import dev.taskgate.frontend.mcp.progress.ExecutionSignal;
import dev.taskgate.frontend.mcp.progress.ExecutionSignals;
import dev.taskgate.frontend.mcp.progress.ExecutionWatch;

/**
 * The progress and log messages of the tasks one listen stream reports (tasks 2025-11-25 §8, §9): for each task the
 * stream follows, {@code notifications/progress} under the task's stored {@code progressToken} (strictly increasing
 * above the progress recorded when the stream began to follow it, at most one per progress interval, the newest
 * report winning) and {@code notifications/message} at or above the session's level, both with the related-task
 * {@code _meta}, as on a {@code tasks/result} stream ({@link Mcp2025TaskResults}). A task is followed from the read
 * that shows it not terminal and forgotten at the read that shows it terminal (or gone): its pending progress and
 * anything that arrives later are dropped, so nothing follows its terminal status. The transport decides whether a
 * message goes out (another stream may carry it). Not thread-safe: the stream's thread drives it; the signals arrive
 * through the sink given to {@link #open}.
 */
@Singleton
public class Mcp2025TaskMessages {
    /** How many tasks one stream follows at once; more are not followed (the messages are optional). */
    static final int MAX_FOLLOWED = 256;

    private final ExecutionSignals signals;
    private final Duration progressInterval;

    @Inject
    Mcp2025TaskMessages(ExecutionSignals signals, FrontendConfig config) {
        this(signals, config.mcp().progressInterval());
    }

    Mcp2025TaskMessages(ExecutionSignals signals, Duration progressInterval) {
        this.signals = signals;
        this.progressInterval = progressInterval;
    }

    /**
     * Starts following nothing; the signals of followed tasks go to {@code sink} (called on the reader's thread: it
     * must only hand them over). Close it when the stream ends.
     */
    public Followed open(BiConsumer<UUID, ExecutionSignal> sink) {
        return new Followed(sink);
    }

    /** The tasks one stream follows. */
    public final class Followed implements AutoCloseable {
        private final BiConsumer<UUID, ExecutionSignal> sink;
        private final Map<UUID, Task> tasks = new HashMap<>();

        private Followed(BiConsumer<UUID, ExecutionSignal> sink) {
            this.sink = sink;
        }

        /** Follows a task a read showed not terminal, forgets one it showed terminal. */
        public void update(Mcp2025TaskStatus.Reported reported) {
            UUID executionId = reported.execution().executionId();
            if (reported.execution().status().isTerminal()) {
                forget(executionId);
                return;
            }
            if (tasks.containsKey(executionId) || tasks.size() >= MAX_FOLLOWED) {
                return;
            }
            ExecutionWatch watch = signals.watch(executionId, signal -> {
                if (signal.kind().isBestEffort()) {
                    sink.accept(executionId, signal); // state changes reach the stream through the lifecycle feed
                }
            });
            ProgressNotifications progress = new ProgressNotifications(
                    reported.execution().progressToken(),
                    progressInterval,
                    Mcp2025Tasks.relatedTask(reported.taskId()));
            progress.raiseFloor(reported.execution().progress()); // what another stream may have shown already
            tasks.put(executionId, new Task(reported.taskId(), watch, progress));
        }

        /** Forgets a task (terminal, gone): its pending progress is dropped and nothing more is told of it. */
        public void forget(UUID executionId) {
            Task task = tasks.remove(executionId);
            if (task != null) {
                task.watch().close();
            }
        }

        /** Whether the task is followed. */
        public boolean follows(UUID executionId) {
            return tasks.containsKey(executionId);
        }

        /**
         * A signal of a followed task: a log message at or above {@code level} becomes the notification returned
         * (none below it, none when {@code level} is {@code null}); progress waits for {@link #dueProgress}.
         */
        public List<ObjectNode> onSignal(UUID executionId, ExecutionSignal signal, LogLevel level) {
            Task task = tasks.get(executionId);
            if (task == null) {
                return List.of();
            }
            switch (signal.kind()) {
                case PROGRESS:
                    task.progress().offer(signal.progress());
                    return List.of();
                case LOG:
                    return LogNotifications.wanted(signal.log(), level)
                            ? List.of(LogNotifications.of(signal.log(), Mcp2025Tasks.relatedTask(task.taskId())))
                            : List.of();
                default:
                    return List.of();
            }
        }

        /** When the next progress notification is due ({@link System#nanoTime()} scale), {@link Long#MAX_VALUE}: none. */
        public long nextDue(long now) {
            long due = Long.MAX_VALUE;
            for (Task task : tasks.values()) {
                if (task.progress().hasPending()) {
                    long at = task.progress().dueAt(now);
                    if (due == Long.MAX_VALUE || at - due < 0) {
                        due = at;
                    }
                }
            }
            return due;
        }

        /** The progress notifications due at {@code now}, each recorded as sent, by execution. */
        public Map<UUID, ObjectNode> dueProgress(long now) {
            Map<UUID, ObjectNode> due = new HashMap<>();
            tasks.forEach((executionId, task) -> {
                if (task.progress().hasPending() && now - task.progress().dueAt(now) >= 0) {
                    due.put(executionId, task.progress().take(now));
                }
            });
            return due;
        }

        /** Stops following every task. */
        @Override
        public void close() {
            new ArrayList<>(tasks.keySet()).forEach(this::forget);
        }
    }

    private record Task(String taskId, ExecutionWatch watch, ProgressNotifications progress) {}
}
