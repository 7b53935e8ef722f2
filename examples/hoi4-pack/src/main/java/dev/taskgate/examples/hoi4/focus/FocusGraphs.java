package dev.taskgate.examples.hoi4.focus;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import dev.taskgate.examples.hoi4.scan.Problem;

/** Builds the {@link FocusGraph} of a tree: shared focuses pulled in, positions resolved, references checked. */
public final class FocusGraphs {
    private FocusGraphs() {}

    public static FocusGraph build(FocusTree tree, FocusFiles files) {
        List<Problem> problems = new ArrayList<>();
        Map<String, Focus> byId = new LinkedHashMap<>();
        tree.focuses().forEach(f -> byId.put(f.id(), f));
        for (Focus focus : sharedFocusesOf(tree, files, problems)) {
            byId.putIfAbsent(focus.id(), focus);
        }
        List<Focus> focuses = List.copyOf(byId.values());
        List<PlacedFocus> placed = place(focuses, byId, problems);
        List<PrerequisiteEdge> edges = new ArrayList<>();
        Set<ExclusivePair> exclusive = new TreeSet<>();
        for (Focus focus : focuses) {
            for (int group = 0; group < focus.prerequisites().size(); group++) {
                for (String required : focus.prerequisites().get(group)) {
                    if (byId.containsKey(required)) {
                        edges.add(new PrerequisiteEdge(required, focus.id(), group));
                    } else {
                        problems.add(unknown(focus, required, "requires"));
                    }
                }
            }
            for (String other : focus.mutuallyExclusive()) {
                if (byId.containsKey(other)) {
                    exclusive.add(ExclusivePair.of(focus.id(), other));
                } else {
                    problems.add(unknown(focus, other, "is mutually exclusive with"));
                }
            }
        }
        problems.addAll(prerequisiteCycles(focuses, edges));
        return new FocusGraph(tree, placed, edges, List.copyOf(exclusive), problems);
    }

    /**
     * The shared focuses the tree names and, as the game does, every shared focus that requires one of those
     * (transitively), in workspace order.
     */
    private static List<Focus> sharedFocusesOf(FocusTree tree, FocusFiles files, List<Problem> problems) {
        Set<String> included = new LinkedHashSet<>();
        for (String id : tree.sharedFocuses()) {
            if (files.sharedFocuses().containsKey(id)) {
                included.add(id);
            } else {
                problems.add(new Problem(
                        FocusProblemKind.UNKNOWN_SHARED_FOCUS.code(),
                        id,
                        "focus tree " + tree.id() + " names shared focus " + id + ", which is not defined",
                        tree.path(),
                        tree.line()));
            }
        }
        boolean grew = !included.isEmpty();
        while (grew) {
            grew = false;
            for (Focus candidate : files.sharedFocuses().values()) {
                if (!included.contains(candidate.id()) && requiresAnyOf(candidate, included)) {
                    included.add(candidate.id());
                    grew = true;
                }
            }
        }
        return files.sharedFocuses().values().stream()
                .filter(f -> included.contains(f.id()))
                .toList();
    }

    private static boolean requiresAnyOf(Focus focus, Set<String> ids) {
        return focus.prerequisites().stream().flatMap(List::stream).anyMatch(ids::contains);
    }

    /**
     * Adds up each {@code relative_position_id} chain. A broken chain (unknown id, loop) is reported and starts from
     * the written x, y of its last focus.
     */
    private static List<PlacedFocus> place(List<Focus> focuses, Map<String, Focus> byId, List<Problem> problems) {
        Map<String, int[]> resolved = new HashMap<>();
        for (Focus focus : focuses) {
            List<Focus> chain = new ArrayList<>();
            Set<String> onChain = new LinkedHashSet<>();
            Focus current = focus;
            int[] base = {0, 0};
            while (true) {
                int[] known = resolved.get(current.id());
                if (known != null) {
                    base = known;
                    break;
                }
                chain.add(current);
                onChain.add(current.id());
                if (current.relativeTo().isEmpty()) {
                    break;
                }
                String parent = current.relativeTo().get();
                Focus next = byId.get(parent);
                if (next == null) {
                    problems.add(unknown(current, parent, "is positioned relative to"));
                    break;
                }
                if (onChain.contains(parent)) {
                    problems.add(new Problem(
                            FocusProblemKind.RELATIVE_POSITION_CYCLE.code(),
                            current.id(),
                            "relative_position_id loops: " + String.join(" -> ", onChain) + " -> " + parent,
                            current.path(),
                            current.line()));
                    break;
                }
                current = next;
            }
            for (int i = chain.size() - 1; i >= 0; i--) {
                Focus link = chain.get(i);
                base = new int[] {base[0] + link.x(), base[1] + link.y()};
                resolved.put(link.id(), base);
            }
        }
        return focuses.stream()
                .map(f -> new PlacedFocus(f, resolved.get(f.id())[0], resolved.get(f.id())[1]))
                .toList();
    }

    private static List<Problem> prerequisiteCycles(List<Focus> focuses, List<PrerequisiteEdge> edges) {
        Map<String, Integer> indexOf = new HashMap<>();
        for (int i = 0; i < focuses.size(); i++) {
            indexOf.put(focuses.get(i).id(), i);
        }
        List<List<Integer>> successors = new ArrayList<>();
        focuses.forEach(f -> successors.add(new ArrayList<>()));
        for (PrerequisiteEdge edge : edges) {
            successors.get(indexOf.get(edge.from())).add(indexOf.get(edge.to()));
        }
        List<Problem> problems = new ArrayList<>();
        for (List<Integer> cycle : StronglyConnected.cycles(successors)) {
            Focus first = focuses.get(cycle.get(0));
            List<String> ids = cycle.stream().map(i -> focuses.get(i).id()).toList();
            problems.add(new Problem(
                    FocusProblemKind.PREREQUISITE_CYCLE.code(),
                    first.id(),
                    "prerequisites form a cycle, so none of these can be taken: " + String.join(", ", ids),
                    first.path(),
                    first.line()));
        }
        return problems;
    }

    private static Problem unknown(Focus focus, String missing, String relation) {
        return new Problem(
                FocusProblemKind.UNKNOWN_FOCUS.code(),
                focus.id(),
                "focus " + focus.id() + " " + relation + " " + missing + ", which is not in this tree",
                focus.path(),
                focus.line());
    }
}
