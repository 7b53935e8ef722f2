package dev.taskgate.worker.child;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Writes child → parent protocol lines: one compact JSON object per line, flushed at once. This is the only
 * writer of the protocol stream; lines from the operation thread and the reader thread never interleave.
 */
public final class ProtocolWriter {
    /** The largest log message, as JSON bytes. */
    public static final int MAX_LOG_BYTES = 16 * 1024;
    /** The longest logger name. */
    public static final int MAX_LOGGER_LENGTH = 200;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final OutputStream out;

    /** @param out the protocol stream (the process's real stdout) */
    public ProtocolWriter(OutputStream out) {
        this.out = out;
    }

    /**
     * Sent once, when the child is ready to take operations: the names it can run and what is wrong with its plug-ins
     * (the parent refuses a child that lacks an operation of its catalog or reports a problem).
     */
    public void ready(Collection<String> operations, List<String> problems) {
        ObjectNode line = message("ready");
        operations.forEach(line.putArray("operations")::add);
        problems.forEach(line.putArray("problems")::add);
        write(line);
    }

    /** Progress of the running operation. */
    public void progress(double progress, Double total, String message) {
        ObjectNode line = message("progress");
        line.put("progress", progress);
        if (total != null) {
            line.put("total", total);
        }
        if (message != null) {
            line.put("message", message);
        }
        write(line);
    }

    /** A log message of the running operation (see {@link OperationContext#log}). */
    public void log(OperationLogLevel level, String logger, JsonNode data) {
        if (level == null || data == null) {
            throw new IllegalArgumentException("a log message needs a level and data");
        }
        if (logger != null && logger.length() > MAX_LOGGER_LENGTH) {
            throw new IllegalArgumentException("a logger name is at most " + MAX_LOGGER_LENGTH + " characters");
        }
        if (data.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_LOG_BYTES) {
            throw new IllegalArgumentException("a log message is at most " + MAX_LOG_BYTES + " bytes as JSON");
        }
        ObjectNode line = message("log").put("level", level.wireName());
        if (logger != null) {
            line.put("logger", logger);
        }
        line.set("data", data);
        write(line);
    }

    /** The operation asks for input: its own keys → MCP {@code InputRequest} objects. */
    public void input(Map<String, JsonNode> requests) {
        ObjectNode line = message("input");
        ObjectNode map = line.putObject("requests");
        requests.forEach(map::set);
        write(line);
    }

    /** The operation's {@code CallToolResult}, as the exact text it produced. */
    public void result(String callToolResult) {
        write(message("result").put("result", callToolResult));
    }

    /** The result checkpoint: the operation staged this exact {@code CallToolResult} text. */
    public void stage(String callToolResult) {
        write(message("stage").put("result", callToolResult));
    }

    /** The operation asks to commit this plan (its journal form). */
    public void commit(JsonNode plan) {
        ObjectNode line = message("commit");
        line.set("plan", plan);
        write(line);
    }

    /** An intermediate frontier the operation saved. */
    public void checkpoint(long sequence, String revision, String frontier) {
        ObjectNode line = message("checkpoint");
        line.putObject("checkpoint")
                .put("sequence", sequence)
                .put("revision", revision)
                .put("frontier", frontier);
        write(line);
    }

    /** The operation saves an artifact; the parent answers with the same {@code requestId}. */
    public void artifactSave(long requestId, String name, String mediaType, String key, String contentBase64) {
        ObjectNode line = message("artifact-save")
                .put("requestId", requestId)
                .put("name", name)
                .put("mediaType", mediaType);
        if (key != null) {
            line.put("key", key);
        }
        write(line.put("contentBase64", contentBase64));
    }

    /** The operation loads the artifact retained under {@code key}; the parent answers with the same {@code requestId}. */
    public void artifactLoad(long requestId, String key) {
        write(message("artifact-load").put("requestId", requestId).put("key", key));
    }

    /** A refused message or an unexpected exception in an operation. */
    public void error(String code, String message) {
        write(message("error").put("code", code).put("message", message));
    }

    /** The operation observed a stop request and stopped without a result. */
    public void stopped(String message) {
        write(message("stopped").put("message", message));
    }

    private static ObjectNode message(String type) {
        return MAPPER.createObjectNode().put("type", type);
    }

    private synchronized void write(ObjectNode line) {
        try {
            out.write(MAPPER.writeValueAsBytes(line));
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("the parent closed the protocol stream", e);
        }
    }
}
