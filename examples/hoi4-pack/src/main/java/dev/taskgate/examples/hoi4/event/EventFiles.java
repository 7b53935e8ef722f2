package dev.taskgate.examples.hoi4.event;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.taskgate.examples.hoi4.scan.ParsedFile;
import dev.taskgate.examples.hoi4.scan.Problem;
import dev.taskgate.examples.hoi4.script.ScriptBlock;
import dev.taskgate.examples.hoi4.script.ScriptEntry;
import dev.taskgate.examples.hoi4.script.ScriptScalar;

/**
 * The events and namespaces of a mod's {@code events} files, with the problems found while reading them.
 *
 * @param events by id in workspace order, first definition of each
 * @param namespaces every declared namespace ({@code namespace = x} or {@code add_namespace = x})
 */
public record EventFiles(Map<String, EventDefinition> events, Set<String> namespaces, List<Problem> problems) {

    public EventFiles {
        events = Collections.unmodifiableMap(new LinkedHashMap<>(events));
        namespaces = Collections.unmodifiableSet(new LinkedHashSet<>(namespaces));
        problems = List.copyOf(problems);
    }

    public static EventFiles read(List<ParsedFile> files) {
        Map<String, EventDefinition> events = new LinkedHashMap<>();
        Set<String> namespaces = new LinkedHashSet<>();
        List<Problem> problems = new ArrayList<>();
        for (ParsedFile file : files) {
            for (ScriptEntry entry : file.root().entries()) {
                if (entry.key().equals("namespace") || entry.key().equals("add_namespace")) {
                    entry.scalar().map(ScriptScalar::text).ifPresent(namespaces::add);
                    continue;
                }
                Optional<EventType> type = EventType.ofKey(entry.key());
                if (type.isEmpty() || entry.block().isEmpty()) {
                    continue;
                }
                ScriptBlock block = entry.block().get();
                Optional<String> id = block.scalar("id").map(ScriptScalar::text);
                if (id.isEmpty()) {
                    problems.add(new Problem(
                            EventProblemKind.MISSING_ID.code(),
                            "",
                            "a " + entry.key() + " without an id",
                            file.path(),
                            entry.line()));
                    continue;
                }
                EventDefinition event = new EventDefinition(
                        id.get(),
                        type.get(),
                        block.scalar("title").map(ScriptScalar::text),
                        block.isYes("is_triggered_only"),
                        block.isYes("fire_only_once"),
                        block.isYes("hidden"),
                        EventFirings.of(block, file.path(), problems),
                        file.path(),
                        entry.line());
                EventDefinition earlier = events.putIfAbsent(event.id(), event);
                if (earlier != null) {
                    problems.add(new Problem(
                            EventProblemKind.DUPLICATE_ID.code(),
                            event.id(),
                            "event " + event.id() + " is already defined at " + earlier.path() + ":" + earlier.line(),
                            file.path(),
                            entry.line()));
                }
            }
        }
        return new EventFiles(events, namespaces, problems);
    }
}
