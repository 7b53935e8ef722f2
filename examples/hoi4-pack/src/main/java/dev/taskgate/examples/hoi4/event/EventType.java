package dev.taskgate.examples.hoi4.event;

import java.util.Locale;
import java.util.Optional;

/** The event kinds of Hearts of Iron IV: each is both a top-level definition key and an effect that fires one. */
public enum EventType {
    COUNTRY_EVENT,
    NEWS_EVENT,
    STATE_EVENT,
    UNIT_LEADER_EVENT,
    OPERATIVE_LEADER_EVENT;

    /** The script key, e.g. {@code country_event}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<EventType> ofKey(String key) {
        for (EventType type : values()) {
            if (type.key().equals(key)) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }
}
