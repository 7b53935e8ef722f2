package dev.taskgate.examples.hoi4.focus;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.examples.hoi4.scan.Problem;
import dev.taskgate.examples.hoi4.scan.ScanResult;
import dev.taskgate.examples.hoi4.tool.JsonOut;

/**
 * The structured result of {@code hoi4.focus_inspect}. Bounded: at most {@code maxFocuses} focuses over all trees, in
 * workspace order (trees as found, each tree's own focuses before the shared ones it pulls in); edges and pairs only
 * between returned focuses; at most {@code maxFocuses} problems.
 */
final class FocusReport {
    private FocusReport() {}

    static ObjectNode of(ScanResult scan, FocusFiles files, List<FocusGraph> graphs, int maxFocuses) {
        ObjectNode result = JsonOut.object();
        ArrayNode trees = result.putArray("trees");
        int found = 0;
        int returned = 0;
        for (FocusGraph graph : graphs) {
            found += graph.focuses().size();
            int room = Math.max(0, maxFocuses - returned);
            List<PlacedFocus> kept = graph.focuses().stream().limit(room).toList();
            returned += kept.size();
            trees.add(tree(graph, kept));
        }
        List<Problem> problems = new ArrayList<>(files.problems());
        graphs.forEach(g -> problems.addAll(g.problems()));
        boolean problemsCut = JsonOut.putProblems(result, problems, maxFocuses);
        result.set("coverage", JsonOut.coverage(scan, "focuses", found, returned, problemsCut || returned < found));
        return result;
    }

    private static ObjectNode tree(FocusGraph graph, List<PlacedFocus> kept) {
        ObjectNode tree = JsonOut.object()
                .put("id", graph.tree().id())
                .put("file", graph.tree().path())
                .put("line", graph.tree().line());
        graph.tree().sharedFocuses().forEach(tree.putArray("shared_focuses")::add);
        tree.put("focus_count", graph.focuses().size());
        ArrayNode focuses = tree.putArray("focuses");
        Set<String> ids = new HashSet<>();
        for (PlacedFocus placed : kept) {
            ids.add(placed.id());
            focuses.add(focus(placed));
        }
        ArrayNode edges = tree.putArray("edges");
        graph.edges().stream()
                .filter(e -> ids.contains(e.from()) && ids.contains(e.to()))
                .forEach(e -> edges.addObject()
                        .put("from", e.from())
                        .put("to", e.to())
                        .put("group", e.group()));
        ArrayNode exclusive = tree.putArray("mutually_exclusive");
        graph.exclusive().stream()
                .filter(p -> ids.contains(p.first()) && ids.contains(p.second()))
                .forEach(p -> exclusive.addArray().add(p.first()).add(p.second()));
        return tree;
    }

    private static ObjectNode focus(PlacedFocus placed) {
        Focus focus = placed.focus();
        ObjectNode node = JsonOut.object().put("id", focus.id());
        focus.cost().ifPresent(cost -> JsonOut.putNumberOrText(node, "cost", cost.text(), cost.isNumber()));
        node.put("x", placed.x()).put("y", placed.y());
        focus.relativeTo()
                .ifPresent(parent -> node.put("relative_position_id", parent)
                        .set("offset", JsonOut.object().put("x", focus.x()).put("y", focus.y())));
        ArrayNode prerequisites = node.putArray("prerequisites");
        focus.prerequisites().forEach(group -> group.forEach(prerequisites.addArray()::add));
        focus.mutuallyExclusive().forEach(node.putArray("mutually_exclusive")::add);
        node.put("shared", focus.shared()).put("file", focus.path()).put("line", focus.line());
        return node;
    }
}
