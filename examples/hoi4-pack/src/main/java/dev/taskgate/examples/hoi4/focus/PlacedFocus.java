package dev.taskgate.examples.hoi4.focus;

/**
 * A focus at its absolute grid position (its {@code relative_position_id} chain added up).
 *
 * @param x absolute column; may be negative when a relative offset is
 * @param y absolute row
 */
public record PlacedFocus(Focus focus, int x, int y) {

    public String id() {
        return focus.id();
    }
}
