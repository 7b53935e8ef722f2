package dev.taskgate.frontend.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.frontend.problem.Problems;
import dev.taskgate.problem.ProblemException;

/**
 * Translates the shared services' problems (thrown for the REST API) into JSON-RPC errors, so that the execution
 * and query code stays one implementation for every surface.
 */
public final class McpProblems {
    private McpProblems() {}

    /**
     * The JSON-RPC error for a problem; a 404 about a task is the uniform unknown-task error, a 429 admission limit
     * is {@link McpErrors#ADMISSION_LIMIT} with {@code data.retryAfterMs}.
     */
    public static McpException translate(ProblemException e) {
        var problem = e.problem();
        String detail = problem.problem().detail() == null
                ? problem.problem().title()
                : problem.problem().detail();
        switch (problem.status()) {
            case 404:
                return McpErrors.taskNotFound();
            case 403:
                return McpErrors.forbidden(detail);
            case 413:
                return McpErrors.invalidParams(detail, null);
            case 429:
                long seconds = Problems.retryAfterSeconds(problem).orElse(1);
                return McpErrors.admissionLimit(detail, seconds * 1000);
            case 503:
                return McpErrors.unavailable(detail);
            case 422:
                Object errors = problem.extensions().get("errors");
                ObjectNode data = null;
                if (errors != null) {
                    data = JsonNodeFactory.instance.objectNode();
                    data.set("errors", JsonNodeFactory.instance.pojoNode(errors));
                }
                return McpErrors.invalidParams(detail, data);
            default:
                return McpErrors.internal(detail, (JsonNode) null);
        }
    }
}
