package dev.taskgate.worker.child.upstream;

import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;

/**
 * Relays the {@code inputRequests} of a 2026-07-28 upstream (an {@code input_required} result of {@code tools/call},
 * or an {@code input_required} task) to the caller through {@link OperationContext#requestInput} and maps the answers
 * back to the upstream's keys, as {@code inputResponses}: elicitations, samplings and roots requests. A caller that
 * refuses a sampling or roots request (answers something other than its result) fails the call: 2026-07-28 has no
 * error answer for one input request, and the upstream's tool is not called again.
 */
final class InputRelay {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final UpstreamTarget target;
    private final OperationContext context;
    private int asked;

    InputRelay(UpstreamTarget target, OperationContext context) {
        this.target = target;
        this.context = context;
    }

    /**
     * Asks the caller every request of {@code inputRequests} and waits for the answers.
     *
     * @return the {@code inputResponses}: the upstream's key → the caller's {@code ElicitResult}
     * @throws UpstreamException when a request is not one Taskgate can relay (nothing is asked then), or the caller
     *                           refused one
     */
    ObjectNode relay(JsonNode inputRequests) throws OperationStoppedException, InterruptedException {
        if (!inputRequests.isObject() || inputRequests.isEmpty()) {
            throw new UpstreamException(target.redact(
                    target.describe() + ": the upstream asked for input without naming any input request"));
        }
        Map<String, JsonNode> requests = new LinkedHashMap<>();
        Map<String, String> upstreamKeys = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : inputRequests.properties()) {
            String method = entry.getValue().path("method").asText("");
            if (!RelayedInput.relays(method)) {
                throw new UpstreamException(target.redact(target.describe() + ": the upstream asked for '"
                        + McpSession.sample(method) + "', an interaction Taskgate cannot relay to its caller;"
                        + " the call failed and the tool was not called again"));
            }
            // keys are never asked twice in one run (OperationContext#requestInput), while the upstream may reuse its
            // own
            String key = "upstream-input-" + (++asked);
            ObjectNode request = MAPPER.createObjectNode().put("method", method);
            request.set(
                    "params",
                    entry.getValue().path("params").isObject()
                            ? entry.getValue().get("params")
                            : MAPPER.createObjectNode());
            requests.put(key, request);
            upstreamKeys.put(key, entry.getKey());
        }
        Map<String, JsonNode> answers = context.requestInput(requests);
        ObjectNode responses = MAPPER.createObjectNode();
        for (Map.Entry<String, String> keys : upstreamKeys.entrySet()) {
            String method = requests.get(keys.getKey()).get("method").asText();
            JsonNode answer = answers.get(keys.getKey());
            if (!RelayedInput.fits(method, answer)) {
                throw new UpstreamException(
                        target.redact(target.describe() + ": " + RelayedInput.refusal(method, answer)
                                + "; the call failed and the tool was not called again"));
            }
            responses.set(keys.getValue(), answer);
        }
        return responses;
    }
}
