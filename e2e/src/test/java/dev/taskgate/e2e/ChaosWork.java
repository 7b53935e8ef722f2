package dev.taskgate.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One execution of the chaos load: what is submitted (tool, input, receipt key, caller) and what its outcome may be.
 * The accepted outcomes are the exact result an undisturbed run returns, or an explicit failure; for a rewrite, the
 * file must show the rewrite applied at most once and agree with the outcome.
 */
final class ChaosWork {
    /** The operations of the mix. */
    enum Kind {
        ECHO("demo.echo"),
        COUNT("demo.count"),
        STAGED("demo.staged"),
        SLEEP("demo.sleep"),
        REWRITE("demo.rewrite"),
        CRASH("demo.crash");

        final String tool;

        Kind(String tool) {
            this.tool = tool;
        }
    }

    static final ObjectMapper JSON = new ObjectMapper();
    static final String ORIGINAL = "chaos marker v0\n";
    /** {@code v0} → {@code v0 v1}: a second apply would read {@code v0 v1 v1}. */
    static final String APPLIED = "chaos marker v0 v1\n";

    private static final Pattern STAGED_RESULT = Pattern.compile(
            "\\{\"content\":\\[\\{\"type\":\"text\",\"text\":\"run [0-9a-f-]{36}\"}],\"isError\":false}");
    private static final int COUNT_TO = 15;
    private static final int COUNT_STEP_MS = 100;
    private static final int SLEEP_SECONDS = 2;

    final int index;
    final Kind kind;
    final int caller;
    final String key;
    final ObjectNode input;
    final String file;

    private ChaosWork(int index, Kind kind, int caller, String key, ObjectNode input, String file) {
        this.index = index;
        this.kind = kind;
        this.caller = caller;
        this.key = key;
        this.input = input;
        this.file = file;
    }

    /** Creates the work item (and, for a rewrite, its file holding {@link #ORIGINAL} in {@code sandbox}). */
    static ChaosWork of(int index, Kind kind, int caller, String run, Path sandbox) {
        String key = "chaos-" + run + "-" + index;
        ObjectNode input = JSON.createObjectNode();
        String file = null;
        switch (kind) {
            case ECHO -> input.put("chaos", run).put("index", index);
            case COUNT -> input.put("to", COUNT_TO).put("step_ms", COUNT_STEP_MS);
            case STAGED -> input.put("hold_seconds", 1);
            case SLEEP -> input.put("seconds", SLEEP_SECONDS);
            case REWRITE -> {
                file = "chaos-" + run + "-" + index + ".txt";
                write(sandbox.resolve(file), ORIGINAL);
                input.putArray("files").add(file);
                input.put("search", "v0").put("replace", "v0 v1").put("hold_seconds", 1);
            }
            case CRASH -> input.put("exit_code", 137);
        }
        return new ChaosWork(index, kind, caller, key, input, file);
    }

    /** The request body of the REST submission. */
    String body() {
        ObjectNode body = JSON.createObjectNode().put("tool_name", kind.tool);
        body.set("input", input);
        return body.toString();
    }

    /** Whether the tool needs {@code tools:write}. */
    boolean mutating() {
        return kind == Kind.REWRITE;
    }

    /**
     * Checks a completed execution's exact result bytes; returns a description of the mismatch, or null if exact.
     *
     * @param planHash the plan hash journaled for this execution (rewrites), or null
     */
    String checkCompleted(String result, String planHash, String fileContent) {
        String expected = switch (kind) {
            case ECHO -> compact(structured(input.toString(), input));
            case COUNT -> text("counted to " + COUNT_TO, false);
            case SLEEP -> text("slept " + SLEEP_SECONDS + " seconds", false);
            case STAGED -> STAGED_RESULT.matcher(result).matches() ? result : "a staged run id";
            case REWRITE -> rewriteExpectation(result, planHash, fileContent);
            case CRASH -> "no completion (the child always dies)";
        };
        return expected.equals(result) ? null : "expected " + expected + " but got " + result;
    }

    private String rewriteExpectation(String result, String planHash, String fileContent) {
        String committed = text("rewrote 1 files (plan " + planHash + "): " + file, false);
        if (result.equals(committed)) {
            return APPLIED.equals(fileContent)
                    ? committed
                    : "file " + file + " to read " + APPLIED.strip() + " after a committed rewrite, it reads "
                            + fileContent.strip();
        }
        // a reconciliation that found a torn apply restores the pre-image and says so with isError: true
        String restored =
                text("the rewrite was interrupted; restored 1 files to their pre-images of plan " + planHash, true);
        if (result.equals(restored)) {
            return ORIGINAL.equals(fileContent)
                    ? restored
                    : "file " + file + " restored, it reads " + fileContent.strip();
        }
        return committed;
    }

    /** The execution id inside a REST handle ({@code tgx_} + base64url(16-byte id ‖ surface ‖ MAC)). */
    static UUID executionId(String handle) {
        ByteBuffer bytes = ByteBuffer.wrap(Base64.getUrlDecoder().decode(handle.substring("tgx_".length())));
        return new UUID(bytes.getLong(), bytes.getLong());
    }

    static String readFile(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String text(String text, boolean isError) {
        return compact(base(text, null, isError));
    }

    private static ObjectNode structured(String text, JsonNode structured) {
        return base(text, structured, false);
    }

    private static ObjectNode base(String text, JsonNode structured, boolean isError) {
        ObjectNode result = JSON.createObjectNode();
        result.putArray("content").addObject().put("type", "text").put("text", text);
        if (structured != null) {
            result.set("structuredContent", structured);
        }
        result.put("isError", isError);
        return result;
    }

    private static String compact(JsonNode node) {
        return node.toString();
    }

    /** The mix: 200 executions, deterministic for a seed's shuffle. */
    static List<Kind> mix() {
        List<Kind> kinds = new ArrayList<>();
        add(kinds, Kind.ECHO, 30);
        add(kinds, Kind.COUNT, 40);
        add(kinds, Kind.STAGED, 30);
        add(kinds, Kind.SLEEP, 40);
        add(kinds, Kind.REWRITE, 50);
        add(kinds, Kind.CRASH, 10);
        return kinds;
    }

    private static void add(List<Kind> kinds, Kind kind, int n) {
        for (int i = 0; i < n; i++) {
            kinds.add(kind);
        }
    }
}
