package dev.taskgate.cli.execution;

import com.fasterxml.jackson.databind.JsonNode;

/** Decides the answer to one input request of an execution ({@code input_requests} member). */
public interface InputAnswerer {
    /**
     * The response ({@code {action, content?}}) to the request {@code request} under {@code key}; a
     * {@link dev.taskgate.cli.CliException} with {@link dev.taskgate.cli.ExitCodes#INPUT_REQUIRED} when it cannot
     * be answered here.
     */
    JsonNode answer(String executionId, String key, JsonNode request);
}
