package dev.taskgate.worker.child.upstream;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationLogLevel;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * Handles what the upstream sends during the call: answers {@code ping}, relays {@code elicitation/create},
 * {@code sampling/createMessage} and {@code roots/list} to the caller through {@link OperationContext#requestInput}
 * (one input request each; a refusal goes back to the upstream as a JSON-RPC error, and the upstream decides what
 * follows), refuses every other server request and forwards the call's progress and the upstream's log messages.
 */
final class UpstreamInteractions implements ServerMessages {

    /** JSON-RPC "method not found". */
    static final int METHOD_NOT_FOUND = -32601;

    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** The {@code _meta} key tying a message to an upstream task (MCP 2025-11-25 tasks): meaningless to the caller. */
    static final String RELATED_TASK = "io.modelcontextprotocol/related-task";

    private final UpstreamTarget target;
    private final OperationContext context;
    private final String progressToken;
    private double lastProgress = Double.NEGATIVE_INFINITY;
    private final Map<String, Integer> relayed = new HashMap<>();

    UpstreamInteractions(UpstreamTarget target, OperationContext context, String progressToken) {
        this.target = target;
        this.context = context;
        this.progressToken = progressToken;
    }

    @Override
    public Reply answer(RpcMessage request) throws OperationStoppedException, InterruptedException {
        switch (request.method()) {
            case "ping" -> {
                return new Reply(result(request, MAPPER.createObjectNode()), null);
            }
            case RelayedInput.ELICITATION, RelayedInput.SAMPLING, RelayedInput.ROOTS -> {
                String kind = request.method().substring(0, request.method().indexOf('/'));
                if (!target.relays(kind)) {
                    // not declared (the upstream's relay setting): refused, and the upstream decides what follows
                    ObjectNode response = MAPPER.createObjectNode().put("jsonrpc", "2.0");
                    response.set("id", request.id());
                    response.putObject("error")
                            .put("code", METHOD_NOT_FOUND)
                            .put("message", "Taskgate does not relay " + request.method() + " for this upstream");
                    return new Reply(response, null);
                }
                return relay(request);
            }
            default -> {
                ObjectNode response = MAPPER.createObjectNode().put("jsonrpc", "2.0");
                response.set("id", request.id());
                response.putObject("error")
                        .put("code", METHOD_NOT_FOUND)
                        .put("message", "Taskgate cannot relay " + request.method() + " to its caller");
                UpstreamException failure = new UpstreamException(target.redact(target.describe()
                        + ": the upstream asked for '" + request.method() + "', an interaction Taskgate cannot relay"
                        + " to its caller; the call failed and the tool was not called again"));
                return new Reply(response, failure);
            }
        }
    }

    /**
     * Whether the upstream asked this caller for its roots: it may keep them for the session (roots are client
     * state in MCP), so the session must not serve another call.
     */
    boolean askedForRoots() {
        return relayed.containsKey("roots");
    }

    private Reply relay(RpcMessage request) throws OperationStoppedException, InterruptedException {
        String method = request.method();
        String kind = method.substring(0, method.indexOf('/'));
        String key = "upstream-" + kind + "-" + relayed.merge(kind, 1, Integer::sum);
        ObjectNode inputRequest = MAPPER.createObjectNode().put("method", method);
        inputRequest.set("params", withoutRelatedTask(request.params()));
        JsonNode answer = context.requestInput(Map.of(key, inputRequest)).get(key);
        if (RelayedInput.fits(method, answer)) {
            return new Reply(result(request, answer), null);
        }
        ObjectNode response = MAPPER.createObjectNode().put("jsonrpc", "2.0");
        response.set("id", request.id());
        response.putObject("error")
                .put("code", RelayedInput.refusalCode(answer))
                .put("message", RelayedInput.refusal(method, answer));
        return new Reply(response, null);
    }

    @Override
    public void notice(RpcMessage notification) {
        JsonNode params = notification.params();
        switch (notification.method()) {
            case "notifications/progress" -> progress(params);
            case "notifications/message" -> log(params);
            default -> {
                // other notifications (list changes, resource updates, task status) do not concern one call
            }
        }
    }

    private void progress(JsonNode params) {
        if (!params.path("progressToken").asText("").equals(progressToken)
                || !params.path("progress").isNumber()) {
            return;
        }
        double progress = params.get("progress").asDouble();
        // the caller sees progress that only increases, whatever the upstream sends
        if (progress <= lastProgress) {
            return;
        }
        lastProgress = progress;
        Double total = params.path("total").isNumber() ? params.get("total").asDouble() : null;
        String message =
                params.path("message").isTextual() ? params.get("message").asText() : null;
        context.progress(progress, total, message);
    }

    private void log(JsonNode params) {
        OperationLogLevel level = level(params.path("level").asText(""));
        String logger = params.path("logger").isTextual() ? params.get("logger").asText() : null;
        JsonNode data = params.has("data") ? params.get("data") : MAPPER.nullNode();
        try {
            context.log(level, logger, data);
        } catch (IllegalArgumentException e) {
            // a message too large for the caller is dropped: logging is best effort
        }
    }

    private static OperationLogLevel level(String wireName) {
        for (OperationLogLevel level : OperationLogLevel.values()) {
            if (level.wireName().equals(wireName.toLowerCase(Locale.ROOT))) {
                return level;
            }
        }
        return OperationLogLevel.INFO;
    }

    private static JsonNode withoutRelatedTask(JsonNode params) {
        if (!params.isObject()) {
            return MAPPER.createObjectNode();
        }
        ObjectNode copy = ((ObjectNode) params).deepCopy();
        if (copy.path("_meta").isObject()) {
            ObjectNode meta = (ObjectNode) copy.get("_meta");
            meta.remove(RELATED_TASK);
            if (meta.isEmpty()) {
                copy.remove("_meta");
            }
        }
        return copy;
    }

    private static ObjectNode result(RpcMessage request, JsonNode result) {
        ObjectNode response = MAPPER.createObjectNode().put("jsonrpc", "2.0");
        response.set("id", request.id());
        response.set("result", result == null ? MAPPER.createObjectNode() : result);
        return response;
    }
}
