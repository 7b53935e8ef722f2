package dev.taskgate.examples.hoi4.event;

import java.util.List;
import java.util.Optional;

/**
 * One event block as written.
 *
 * @param title its {@code title} (usually a localisation key), or empty
 * @param fires the events its {@code immediate} block and options fire, in order
 */
public record EventDefinition(
        String id,
        EventType type,
        Optional<String> title,
        boolean triggeredOnly,
        boolean fireOnlyOnce,
        boolean hidden,
        List<EventFiring> fires,
        String path,
        int line) {

    public EventDefinition {
        fires = List.copyOf(fires);
    }

    /** The part of the id before its last dot ({@code x} of {@code x.1}); empty when it has none. */
    public String namespace() {
        int dot = id.lastIndexOf('.');
        return dot < 0 ? "" : id.substring(0, dot);
    }
}
