package dev.taskgate.worker.pool;

import java.io.IOException;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.contracts.event.LogLevel;

/**
 * One child → parent protocol line, as the parent sees it.
 *
 * @param kind     what the line says
 * @param progress for {@link Kind#PROGRESS}
 * @param total    for {@link Kind#PROGRESS}, when known
 * @param message  for progress, error and stopped lines
 * @param result   for {@link Kind#RESULT} and {@link Kind#STAGE}: the exact {@code CallToolResult} text
 * @param code     for {@link Kind#ERROR}
 * @param requests for {@link Kind#INPUT}: the operation's keys → MCP {@code InputRequest} objects
 * @param plan     for {@link Kind#COMMIT}: the plan's journal form {@code {planHash, planSummary, files}}; for
 *                 {@link Kind#CHECKPOINT}: {@code {sequence, revision, frontier}}
 * @param artifact for {@link Kind#ARTIFACT_SAVE} ({@code {requestId, name, mediaType, key?, contentBase64}}) and
 *                 {@link Kind#ARTIFACT_LOAD} ({@code {requestId, key}}): the whole line
 * @param log      for {@link Kind#LOG}: the whole line, {@code {level, logger?, data}} with a known level
 */
public record ChildMessage(
        Kind kind,
        double progress,
        Double total,
        String message,
        String result,
        String code,
        JsonNode requests,
        JsonNode plan,
        JsonNode artifact,
        JsonNode log) {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Line kinds. */
    public enum Kind {
        READY,
        PROGRESS,
        RESULT,
        ERROR,
        STOPPED,
        INPUT,
        /** The result checkpoint: the operation staged its result before returning it. */
        STAGE,
        /** The operation asks to commit a rewrite plan and waits for job-control's answer. */
        COMMIT,
        /** The operation saved an intermediate frontier. */
        CHECKPOINT,
        /** The operation saves an artifact and waits for the parent's answer. */
        ARTIFACT_SAVE,
        /** The operation loads a retained artifact and waits for the parent's answer. */
        ARTIFACT_LOAD,
        /** The operation logged a message for the caller. */
        LOG;

        /** Whether the line ends the current run. */
        public boolean isTerminal() {
            return this == RESULT || this == ERROR || this == STOPPED;
        }
    }

    /** A line without a log message (every kind but {@link Kind#LOG}). */
    public ChildMessage(
            Kind kind,
            double progress,
            Double total,
            String message,
            String result,
            String code,
            JsonNode requests,
            JsonNode plan,
            JsonNode artifact) {
        this(kind, progress, total, message, result, code, requests, plan, artifact, null);
    }

    /** A line without an artifact request (every kind but the {@code ARTIFACT_*} ones). */
    public ChildMessage(
            Kind kind,
            double progress,
            Double total,
            String message,
            String result,
            String code,
            JsonNode requests,
            JsonNode plan) {
        this(kind, progress, total, message, result, code, requests, plan, null);
    }

    /** A line without input requests (every kind but {@link Kind#INPUT} and {@link Kind#COMMIT}). */
    public ChildMessage(Kind kind, double progress, Double total, String message, String result, String code) {
        this(kind, progress, total, message, result, code, null, null);
    }

    /** A line without a plan (every kind but {@link Kind#COMMIT}). */
    public ChildMessage(
            Kind kind, double progress, Double total, String message, String result, String code, JsonNode requests) {
        this(kind, progress, total, message, result, code, requests, null);
    }

    /** The JSON of a line {@link #parse} accepted. */
    static JsonNode tree(String line) {
        try {
            return MAPPER.readTree(line);
        } catch (IOException e) {
            throw new IllegalArgumentException("not a protocol line", e);
        }
    }

    /** Parses a line; empty when it is not a protocol line (which the caller logs and ignores). */
    public static Optional<ChildMessage> parse(String line) {
        JsonNode node;
        try {
            node = MAPPER.readTree(line);
        } catch (IOException e) {
            return Optional.empty();
        }
        if (node == null || !node.isObject()) {
            return Optional.empty();
        }
        String message = text(node, "message");
        return switch (node.path("type").asText("")) {
            case "ready" -> Optional.of(new ChildMessage(Kind.READY, 0, null, null, null, null));
            case "progress" ->
                node.path("progress").isNumber()
                        ? Optional.of(new ChildMessage(
                                Kind.PROGRESS,
                                node.get("progress").asDouble(),
                                node.path("total").isNumber()
                                        ? node.get("total").asDouble()
                                        : null,
                                message,
                                null,
                                null))
                        : Optional.empty();
            case "result" ->
                node.path("result").isTextual()
                        ? Optional.of(new ChildMessage(
                                Kind.RESULT, 0, null, null, node.get("result").asText(), null))
                        : Optional.empty();
            case "error" ->
                Optional.of(new ChildMessage(
                        Kind.ERROR,
                        0,
                        null,
                        message == null ? "the operation failed without a message" : message,
                        null,
                        text(node, "code") == null ? "unknown" : text(node, "code")));
            case "stage" ->
                node.path("result").isTextual()
                        ? Optional.of(new ChildMessage(
                                Kind.STAGE, 0, null, null, node.get("result").asText(), null))
                        : Optional.empty();
            case "commit" ->
                node.path("plan").isObject()
                        ? Optional.of(new ChildMessage(Kind.COMMIT, 0, null, null, null, null, null, node.get("plan")))
                        : Optional.empty();
            case "checkpoint" ->
                isCheckpoint(node.get("checkpoint"))
                        ? Optional.of(new ChildMessage(
                                Kind.CHECKPOINT, 0, null, null, null, null, null, node.get("checkpoint")))
                        : Optional.empty();
            case "artifact-save" ->
                isArtifactSave(node)
                        ? Optional.of(new ChildMessage(Kind.ARTIFACT_SAVE, 0, null, null, null, null, null, null, node))
                        : Optional.empty();
            case "artifact-load" ->
                node.path("requestId").canConvertToLong() && node.path("key").isTextual()
                        ? Optional.of(new ChildMessage(Kind.ARTIFACT_LOAD, 0, null, null, null, null, null, null, node))
                        : Optional.empty();
            case "log" ->
                isLog(node)
                        ? Optional.of(new ChildMessage(Kind.LOG, 0, null, null, null, null, null, null, null, node))
                        : Optional.empty();
            case "stopped" -> Optional.of(new ChildMessage(Kind.STOPPED, 0, null, message, null, null));
            case "input" ->
                isRequestMap(node.get("requests"))
                        ? Optional.of(new ChildMessage(Kind.INPUT, 0, null, null, null, null, node.get("requests")))
                        : Optional.empty();
            default -> Optional.empty();
        };
    }

    private static boolean isArtifactSave(JsonNode node) {
        return node.path("requestId").canConvertToLong()
                && node.path("name").isTextual()
                && node.path("mediaType").isTextual()
                && node.path("contentBase64").isTextual()
                && (node.get("key") == null || node.get("key").isTextual());
    }

    private static boolean isLog(JsonNode node) {
        return node.path("level").isTextual()
                && LogLevel.of(node.get("level").asText()).isPresent()
                && node.has("data")
                && (node.get("logger") == null || node.get("logger").isTextual());
    }

    private static boolean isCheckpoint(JsonNode checkpoint) {
        return checkpoint != null
                && checkpoint.path("sequence").canConvertToLong()
                && checkpoint.path("sequence").asLong() >= 1
                && checkpoint.path("revision").isTextual()
                && checkpoint.path("frontier").isTextual();
    }

    private static boolean isRequestMap(JsonNode requests) {
        if (requests == null || !requests.isObject() || requests.isEmpty()) {
            return false;
        }
        for (JsonNode request : requests) {
            if (!request.isObject()) {
                return false;
            }
        }
        return true;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() ? value.asText() : null;
    }
}
