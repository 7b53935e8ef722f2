package dev.taskgate.frontend.mcp.compat;

import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;

/**
 * The structured execution handle the compatibility tools and the handoff answer with: {@code structuredContent}
 * of type {@value #TYPE} with {@code execution_id} (the public handle of the serving generation), {@code state}
 * ({@code queued} shown as {@code working}, as MCP does), {@code tool_name}, times, progress, outstanding input
 * requests, the error of a failed execution, and — while not terminal — {@code next_action}, the compatibility tool
 * call that moves on. The text content carries one sentence and the same JSON, for clients that read only text.
 */
public final class ExecutionViews {
    /** {@code structuredContent.type} of an execution handle. */
    public static final String TYPE = "taskgate.execution/v1";
    /** {@code structuredContent.type} of an {@code execution_list} page. */
    public static final String LIST_TYPE = "taskgate.execution-list/v1";
    /** {@code structuredContent.type} of an {@code execution_cancel} answer. */
    public static final String CANCEL_TYPE = "taskgate.execution-cancel/v1";
    /** {@code structuredContent.type} of an {@code execution_provide_input} answer. */
    public static final String INPUT_TYPE = "taskgate.execution-input/v1";
    /** The {@code wait_ms} that {@code next_action} suggests. */
    public static final int NEXT_WAIT_MS = 30_000;

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ExecutionViews() {}

    /** The MCP state of an execution status ({@code queued} is {@code working}). */
    public static String state(ExecutionStatus status) {
        return status == ExecutionStatus.QUEUED ? "working" : status.wireName();
    }

    /** The handle view of an execution (with {@code next_action} unless terminal). */
    public static ObjectNode execution(String handle, ExecutionSnapshot s) {
        ObjectNode view = JSON.objectNode()
                .put("type", TYPE)
                .put("execution_id", handle)
                .put("state", state(s.status()))
                .put("tool_name", s.toolName())
                .put("created_at", s.createdAt().toString())
                .put("updated_at", s.updatedAt().toString());
        if (s.statusMessage() != null) {
            view.put("status_message", s.statusMessage());
        }
        if (s.progress() != null) {
            view.put("progress", s.progress());
        }
        if (s.total() != null) {
            view.put("total", s.total());
        }
        if (s.executionDeadline() != null && !s.status().isTerminal()) {
            view.put("execution_deadline", s.executionDeadline().toString());
        }
        if (Boolean.TRUE.equals(s.cancelRequested())) {
            view.put("cancel_requested", true);
        }
        Map<String, JsonNode> requests = s.inputRequests();
        if (s.status() == ExecutionStatus.INPUT_REQUIRED) {
            ObjectNode out = view.putObject("input_requests");
            if (requests != null) {
                requests.forEach(out::set);
            }
        }
        if (!s.status().isTerminal()) {
            view.set("next_action", nextAction(handle, s));
        }
        return view;
    }

    /** The view of a failed execution: the handle view plus {@code error {code?, message}}. */
    public static ObjectNode failed(String handle, ExecutionOutcome outcome) {
        ObjectNode view = execution(handle, outcome.execution());
        ObjectNode error = view.putObject("error");
        ExecutionOutcome.ExecutionError e = outcome.error();
        if (e != null && e.code() != null) {
            error.put("code", e.code());
        }
        error.put(
                "message",
                e != null && e.message() != null
                        ? e.message()
                        : outcome.execution().statusMessage() != null
                                ? outcome.execution().statusMessage()
                                : "The execution failed.");
        return view;
    }

    /**
     * The handoff answer of an ordinary call still running after its policy's wait: not an error, the execution
     * keeps running.
     */
    public static String handoff(String handle, ExecutionSnapshot s, long waitedMs) {
        ObjectNode view = execution(handle, s);
        String sentence = s.toolName() + " is still running (" + state(s.status()) + ") after " + waitedMs
                + " ms and continues in the background; call "
                + view.at("/next_action/tool").asText()
                + " with the arguments in next_action to follow it.";
        return result(sentence, view, false);
    }

    /** A {@code CallToolResult} text: one text item (the sentence and the JSON) and the structured content. */
    public static String result(String sentence, ObjectNode structured, boolean isError) {
        ObjectNode result = JSON.objectNode();
        result.putArray("content").addObject().put("type", "text").put("text", sentence + "\n" + write(structured));
        result.set("structuredContent", structured);
        result.put("isError", isError);
        return write(result);
    }

    private static ObjectNode nextAction(String handle, ExecutionSnapshot s) {
        ObjectNode action = JSON.objectNode();
        if (s.status() == ExecutionStatus.INPUT_REQUIRED
                && s.inputRequests() != null
                && !s.inputRequests().isEmpty()) {
            action.put("tool", CompatibilityTools.PROVIDE_INPUT);
            action.putObject("arguments")
                    .put("execution_id", handle)
                    .put("request_key", s.inputRequests().keySet().iterator().next());
        } else {
            action.put("tool", CompatibilityTools.GET);
            action.putObject("arguments").put("execution_id", handle).put("wait_ms", NEXT_WAIT_MS);
        }
        return action;
    }

    static String write(ObjectNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree did not serialise", e);
        }
    }
}
