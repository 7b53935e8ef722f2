package dev.taskgate.frontend.support;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which threads of this JVM (the application's, in a {@code @QuarkusTest}) are inside given classes right now: a
 * request that waits without a thread has none there while it waits, one that blocks has its worker thread there.
 */
public final class ThreadsInside {
    private ThreadsInside() {}

    /** The names of the threads with a frame of any of {@code classes} on their stacks. */
    public static List<String> any(Class<?>... classes) {
        Set<String> names = Arrays.stream(classes).map(Class::getName).collect(Collectors.toSet());
        return Thread.getAllStackTraces().entrySet().stream()
                .filter(thread ->
                        Arrays.stream(thread.getValue()).anyMatch(frame -> names.contains(frame.getClassName())))
                .map(Map.Entry::getKey)
                .map(Thread::getName)
                .toList();
    }
}
