package dev.taskgate.examples.hoi4.event;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.taskgate.examples.hoi4.scan.Problem;
import dev.taskgate.examples.hoi4.script.ScriptBlock;
import dev.taskgate.examples.hoi4.script.ScriptEntry;
import dev.taskgate.examples.hoi4.script.ScriptScalar;

/**
 * Finds the events an event fires: any event-kind effect at any depth of its {@code immediate} block or of an
 * {@code option} (inside {@code if}, {@code random_list}, scopes …), either {@code country_event = x.2} or
 * {@code country_event = { id = x.2 days = 3 }}.
 */
final class EventFirings {
    private EventFirings() {}

    static List<EventFiring> of(ScriptBlock event, String path, List<Problem> problems) {
        List<EventFiring> fires = new ArrayList<>();
        int option = 0;
        for (ScriptEntry entry : event.entries()) {
            if (entry.block().isEmpty()) {
                continue;
            }
            ScriptBlock block = entry.block().get();
            if (entry.key().equals("immediate")) {
                collect(block, "immediate", path, fires, problems);
            } else if (entry.key().equals("option")) {
                option++;
                String name = block.scalar("name").map(ScriptScalar::text).orElse("#" + option);
                collect(block, "option:" + name, path, fires, problems);
            }
        }
        return fires;
    }

    // recursion depth is bounded by the parser's nesting limit
    private static void collect(
            ScriptBlock block, String via, String path, List<EventFiring> fires, List<Problem> problems) {
        for (ScriptEntry entry : block.entries()) {
            Optional<EventType> type = EventType.ofKey(entry.key());
            if (type.isPresent()) {
                firing(entry, type.get(), via, path, problems).ifPresent(fires::add);
            } else {
                entry.block().ifPresent(nested -> collect(nested, via, path, fires, problems));
            }
        }
    }

    private static Optional<EventFiring> firing(
            ScriptEntry entry, EventType type, String via, String path, List<Problem> problems) {
        Optional<ScriptScalar> scalar = entry.scalar();
        if (scalar.isPresent()) {
            EventDelay none = new EventDelay(Optional.empty(), Optional.empty(), Optional.empty());
            return Optional.of(new EventFiring(scalar.get().text(), type, via, none, entry.line()));
        }
        ScriptBlock block = entry.block().orElseThrow();
        Optional<String> id = block.scalar("id").map(ScriptScalar::text);
        if (id.isEmpty()) {
            problems.add(new Problem(
                    EventProblemKind.MISSING_ID.code(),
                    "",
                    "a " + entry.key() + " effect in " + via + " without an id",
                    path,
                    entry.line()));
            return Optional.empty();
        }
        EventDelay delay = new EventDelay(number(block, "days"), number(block, "hours"), number(block, "random_days"));
        return Optional.of(new EventFiring(id.get(), type, via, delay, entry.line()));
    }

    private static Optional<Double> number(ScriptBlock block, String key) {
        return block.scalar(key).flatMap(ScriptScalar::number);
    }
}
