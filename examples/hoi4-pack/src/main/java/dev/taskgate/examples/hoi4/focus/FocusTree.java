package dev.taskgate.examples.hoi4.focus;

import java.util.List;

/**
 * One {@code focus_tree} block as written.
 *
 * @param focuses its own focus blocks, first definition of each id
 * @param sharedFocuses the ids its {@code shared_focus = ID} entries name
 */
public record FocusTree(String id, List<Focus> focuses, List<String> sharedFocuses, String path, int line) {

    public FocusTree {
        focuses = List.copyOf(focuses);
        sharedFocuses = List.copyOf(sharedFocuses);
    }
}
