package dev.taskgate.frontend.mcp.progress;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * Executions this instance submitted whose reply showed no decisive state, each with the
 * {@link ExecutionSignals#decisiveMark} taken before the submission was sent. Bounded: past its capacity the
 * execution noted first is forgotten first (it is then read like any other). Safe from any thread.
 */
final class SubmittedHere {
    private final Map<UUID, Long> marks;

    SubmittedHere(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive");
        }
        this.marks = new LinkedHashMap<>(16, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<UUID, Long> eldest) {
                return size() > capacity;
            }
        };
    }

    synchronized void note(UUID executionId, long mark) {
        marks.putIfAbsent(executionId, mark);
    }

    synchronized OptionalLong markOf(UUID executionId) {
        Long mark = marks.get(executionId);
        return mark == null ? OptionalLong.empty() : OptionalLong.of(mark);
    }
}
