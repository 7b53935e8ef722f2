package dev.taskgate.frontend.mcp.compat;

import java.util.Optional;
import java.util.UUID;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;

/**
 * Resolves the {@code execution_id} argument of the compatibility tools. It is the public execution handle
 * ({@code tgx_…}) minted for the protocol generation serving the call: the task id of that generation's task-augmented
 * calls and the {@code execution_id} of its handoff answers and {@code execution_list}. A handle whose surface byte
 * names another generation (a REST execution id, a task of the other MCP generation) is refused with an error that
 * says so; this is decided from the handle's unauthenticated shape alone, before any lookup, so it reveals nothing
 * about whether such an execution exists. Everything else that does not verify for this caller is the uniform
 * not-found.
 */
final class ExecutionIds {
    /** The one message of every unknown-execution answer: unknown, forged, expired and not-yours look the same. */
    static final String NOT_FOUND = "Execution not found: unknown, expired, or not visible to you.";

    private final ExecutionHandles handles;

    ExecutionIds(ExecutionHandles handles) {
        this.handles = handles;
    }

    UUID resolve(String handle, Surface surface, AuthenticatedCaller caller) {
        Optional<ExecutionHandles.Claimed> claimed = ExecutionHandles.parse(handle);
        if (claimed.isPresent() && claimed.get().surface() != surface) {
            throw otherGeneration(claimed.get().surface(), surface);
        }
        return handles.verify(handle, surface, caller.caller()).orElseThrow(ExecutionIds::notFound);
    }

    String mint(UUID executionId, Surface surface, AuthenticatedCaller caller) {
        return handles.mint(executionId, surface, caller.caller());
    }

    static McpException notFound() {
        return McpErrors.invalidParams(NOT_FOUND, null);
    }

    static McpException otherGeneration(Surface claimed, Surface serving) {
        return McpErrors.invalidParams(
                "execution_id was issued by another API generation (" + claimed.wireName()
                        + "); this server answers " + serving.wireName() + " execution ids only. Follow that execution "
                        + "through the API that created it.",
                JsonNodeFactory.instance
                        .objectNode()
                        .put("issuedFor", claimed.wireName())
                        .put("servedHere", serving.wireName()));
    }
}
