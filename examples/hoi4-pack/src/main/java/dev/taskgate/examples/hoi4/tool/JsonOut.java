package dev.taskgate.examples.hoi4.tool;

import java.util.List;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.examples.hoi4.scan.FileFailure;
import dev.taskgate.examples.hoi4.scan.Problem;
import dev.taskgate.examples.hoi4.scan.ScanResult;

/** The JSON pieces the pack's results share. */
public final class JsonOut {
    private JsonOut() {}

    public static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    /** Writes {@code text} as a JSON number when it is one (integral ones without a fraction), else as a string. */
    public static void putNumberOrText(ObjectNode node, String name, String text, boolean isNumber) {
        if (!isNumber) {
            node.put(name, text);
            return;
        }
        double value = Double.parseDouble(text);
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            node.put(name, (long) value);
        } else {
            node.put(name, value);
        }
    }

    /** Up to {@code max} problems; returns whether some were left out. */
    public static boolean putProblems(ObjectNode result, List<Problem> problems, int max) {
        ArrayNode array = result.putArray("problems");
        problems.stream()
                .limit(max)
                .forEach(p -> array.addObject()
                        .put("kind", p.kind())
                        .put("subject", p.subject())
                        .put("message", p.message())
                        .put("file", p.path())
                        .put("line", p.line()));
        return problems.size() > max;
    }

    /**
     * The coverage object: which files were seen, parsed and failed (with position and error), how many items were
     * found and returned, and whether the result is truncated.
     */
    public static ObjectNode coverage(ScanResult scan, String itemName, int found, int returned, boolean truncated) {
        ObjectNode coverage = object();
        coverage.put("files_seen", scan.filesSeen());
        coverage.put("files_parsed", scan.parsed().size());
        ArrayNode failed = coverage.putArray("files_failed");
        for (FileFailure failure : scan.failed()) {
            ObjectNode entry = failed.addObject().put("file", failure.path());
            if (failure.line() > 0) {
                entry.put("line", failure.line()).put("column", failure.column());
            }
            entry.put("error", failure.error());
        }
        coverage.put(itemName + "_found", found);
        coverage.put(itemName + "_returned", returned);
        coverage.put("truncated", truncated);
        return coverage;
    }
}
