package dev.taskgate.examples.hoi4.event;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.examples.hoi4.scan.Problem;
import dev.taskgate.examples.hoi4.scan.ScanResult;
import dev.taskgate.examples.hoi4.tool.JsonOut;

/**
 * The structured result of {@code hoi4.event_inspect}. Bounded: the first {@code maxEvents} selected events in
 * workspace order, at most {@code maxEvents} edges (from returned events) and at most {@code maxEvents} problems.
 */
final class EventReport {
    private EventReport() {}

    static ObjectNode of(ScanResult scan, EventFiles files, Optional<String> namespace, int maxEvents) {
        List<EventDefinition> selected = files.events().values().stream()
                .filter(e -> namespace.isEmpty() || e.namespace().equals(namespace.get()))
                .toList();
        List<EventDefinition> kept = selected.stream().limit(maxEvents).toList();
        Set<String> fired = new HashSet<>();
        files.events().values().forEach(e -> e.fires().forEach(f -> fired.add(f.target())));

        ObjectNode result = JsonOut.object();
        ArrayNode namespaces = result.putArray("namespaces");
        files.namespaces().stream()
                .filter(n -> namespace.isEmpty() || n.equals(namespace.get()))
                .forEach(namespaces::add);
        ArrayNode events = result.putArray("events");
        kept.forEach(e -> events.add(event(e)));

        ArrayNode edges = result.putArray("edges");
        int edgesFound = 0;
        for (EventDefinition event : kept) {
            for (EventFiring firing : event.fires()) {
                if (++edgesFound <= maxEvents) {
                    edges.add(edge(event, firing));
                }
            }
        }
        ArrayNode roots = result.putArray("roots");
        kept.stream().map(EventDefinition::id).filter(id -> !fired.contains(id)).forEach(roots::add);

        boolean problemsCut = JsonOut.putProblems(result, problems(files, selected), maxEvents);
        boolean truncated = kept.size() < selected.size() || edgesFound > maxEvents || problemsCut;
        result.set("coverage", JsonOut.coverage(scan, "events", selected.size(), kept.size(), truncated));
        return result;
    }

    /** The reading problems, then per selected event: what it fires that nobody defines, and an undeclared namespace. */
    private static List<Problem> problems(EventFiles files, List<EventDefinition> selected) {
        List<Problem> problems = new ArrayList<>(files.problems());
        for (EventDefinition event : selected) {
            if (!files.namespaces().contains(event.namespace())) {
                problems.add(new Problem(
                        EventProblemKind.UNDECLARED_NAMESPACE.code(),
                        event.id(),
                        "event " + event.id() + " is in namespace '" + event.namespace() + "', which no file declares",
                        event.path(),
                        event.line()));
            }
            for (EventFiring firing : event.fires()) {
                if (!files.events().containsKey(firing.target())) {
                    problems.add(new Problem(
                            EventProblemKind.UNKNOWN_EVENT.code(),
                            firing.target(),
                            "event " + event.id() + " fires " + firing.target() + " (" + firing.via()
                                    + "), which no file defines",
                            event.path(),
                            firing.line()));
                }
            }
        }
        return problems;
    }

    private static ObjectNode event(EventDefinition event) {
        ObjectNode node =
                JsonOut.object().put("id", event.id()).put("type", event.type().key());
        event.title().ifPresent(title -> node.put("title", title));
        node.put("is_triggered_only", event.triggeredOnly())
                .put("fire_only_once", event.fireOnlyOnce())
                .put("hidden", event.hidden())
                .put("file", event.path())
                .put("line", event.line());
        return node;
    }

    private static ObjectNode edge(EventDefinition from, EventFiring firing) {
        ObjectNode node = JsonOut.object()
                .put("from", from.id())
                .put("to", firing.target())
                .put("type", firing.type().key())
                .put("via", firing.via());
        EventDelay delay = firing.delay();
        if (!delay.isEmpty()) {
            ObjectNode when = node.putObject("delay");
            delay.days().ifPresent(d -> putNumber(when, "days", d));
            delay.hours().ifPresent(h -> putNumber(when, "hours", h));
            delay.randomDays().ifPresent(r -> putNumber(when, "random_days", r));
        }
        node.put("file", from.path()).put("line", firing.line());
        return node;
    }

    private static void putNumber(ObjectNode node, String name, double value) {
        JsonOut.putNumberOrText(node, name, Double.toString(value), true);
    }
}
