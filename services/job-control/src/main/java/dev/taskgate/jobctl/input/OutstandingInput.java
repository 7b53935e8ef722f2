package dev.taskgate.jobctl.input;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One unanswered input request of an execution's current epoch.
 *
 * @param requestKey the public key callers answer under
 * @param childKey   the operation's own key, forwarded to the worker with the answer
 * @param request    the MCP {@code InputRequest}
 */
public record OutstandingInput(String requestKey, String childKey, JsonNode request) {

    /** Request key → request, in the order given: {@code ExecutionSnapshot.inputRequests}. */
    public static Map<String, JsonNode> byKey(List<OutstandingInput> inputs) {
        Map<String, JsonNode> map = new LinkedHashMap<>();
        inputs.forEach(i -> map.put(i.requestKey(), i.request()));
        return map;
    }
}
