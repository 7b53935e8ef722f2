package dev.taskgate.examples.hoi4.event;

import java.util.Optional;

/** When a fired event happens, as the firing effect's block says; each part is empty when not written. */
public record EventDelay(Optional<Double> days, Optional<Double> hours, Optional<Double> randomDays) {

    public boolean isEmpty() {
        return days.isEmpty() && hours.isEmpty() && randomDays.isEmpty();
    }
}
