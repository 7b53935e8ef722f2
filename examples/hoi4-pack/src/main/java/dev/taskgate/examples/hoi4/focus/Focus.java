package dev.taskgate.examples.hoi4.focus;

import java.util.List;
import java.util.Optional;

import dev.taskgate.examples.hoi4.script.ScriptScalar;

/**
 * One {@code focus} (or top-level {@code shared_focus}) block as written.
 *
 * @param cost the cost as written (usually a number, sometimes a scripted constant such as {@code @cost}), or empty
 * @param x the x as written: relative to {@code relativeTo} when that is present
 * @param y the y as written
 * @param relativeTo the {@code relative_position_id}, or empty
 * @param prerequisites one list per {@code prerequisite} block: any one of a list suffices, every list is required
 * @param mutuallyExclusive the focuses named in its {@code mutually_exclusive} blocks
 * @param shared whether it is a top-level {@code shared_focus}
 */
public record Focus(
        String id,
        Optional<ScriptScalar> cost,
        int x,
        int y,
        Optional<String> relativeTo,
        List<List<String>> prerequisites,
        List<String> mutuallyExclusive,
        boolean shared,
        String path,
        int line) {

    public Focus {
        prerequisites = prerequisites.stream().map(List::copyOf).toList();
        mutuallyExclusive = List.copyOf(mutuallyExclusive);
    }
}
