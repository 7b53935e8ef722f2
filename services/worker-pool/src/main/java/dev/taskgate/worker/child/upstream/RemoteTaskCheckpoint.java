package dev.taskgate.worker.child.upstream;

import java.io.IOException;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The frontier saved under revision {@value #REVISION} as soon as the upstream created a task for the call: enough
 * for a replacement run to poll that task instead of calling the tool again.
 *
 * @param taskId    the upstream's task id
 * @param sessionId the {@code Mcp-Session-Id} the task was created in, or {@code null}
 */
record RemoteTaskCheckpoint(String taskId, String sessionId) {

    static final String REVISION = "upstream-task";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    String toJson() {
        ObjectNode frontier = MAPPER.createObjectNode().put("taskId", taskId);
        if (sessionId == null) {
            frontier.putNull("sessionId");
        } else {
            frontier.put("sessionId", sessionId);
        }
        return frontier.toString();
    }

    /** Reads a saved frontier; empty when it is not one. */
    static Optional<RemoteTaskCheckpoint> parse(String frontier) {
        JsonNode tree;
        try {
            tree = MAPPER.readTree(frontier);
        } catch (IOException e) {
            return Optional.empty();
        }
        if (tree == null || !tree.path("taskId").isTextual()) {
            return Optional.empty();
        }
        JsonNode session = tree.path("sessionId");
        return Optional.of(
                new RemoteTaskCheckpoint(tree.get("taskId").asText(), session.isTextual() ? session.asText() : null));
    }
}
