package dev.taskgate.jobctl.execution;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.ExecutionStatus;

/**
 * An execution together with its stored result bytes.
 *
 * @param execution the execution
 * @param result    the exact result bytes, or {@code null} while there is none
 */
public record StoredOutcome(Execution execution, byte[] result) {

    /**
     * What came of it, as callers are told: the status with the outstanding input requests (request key → MCP
     * {@code InputRequest}, shown only while {@code input_required}), the exact result once completed, the error once
     * failed. The outcome read and the outcome a terminal lifecycle record carries are both built here, so they
     * cannot differ.
     */
    public ExecutionOutcome toOutcome(Map<String, JsonNode> inputRequests) {
        String text = execution.state() == ExecutionStatus.COMPLETED && result != null
                ? new String(result, StandardCharsets.UTF_8)
                : null;
        ExecutionOutcome.ExecutionError error = execution.state() == ExecutionStatus.FAILED
                ? new ExecutionOutcome.ExecutionError(execution.errorCode(), execution.errorMessage())
                : null;
        return new ExecutionOutcome(execution.toSnapshot(inputRequests), text, error);
    }
}
