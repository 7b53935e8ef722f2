package dev.taskgate.examples.hoi4.event;

/**
 * An effect inside an event that fires another event.
 *
 * @param target the fired event's id
 * @param type the effect's event kind
 * @param via {@code immediate} or {@code option:<name>} ({@code option:#<n>} for an unnamed n-th option)
 * @param line where the effect is written
 */
public record EventFiring(String target, EventType type, String via, EventDelay delay, int line) {}
