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
 * Resolves the {@code execution_id} argument of the compatibility tools. It is a public execution handle
 * ({@code tgx_…}) of the caller: one minted for the protocol generation serving the call (the task id of that
 * generation's task-augmented calls and the {@code execution_id} of its handoff answers and {@code execution_list}),
 * or a REST execution id (issue 20 item 7: one execution, both surfaces). A handle whose surface byte names the other
 * MCP generation is refused with an error that says so; this is decided from the handle's unauthenticated shape
 * alone, before any lookup, so it reveals nothing about whether such an execution exists. Everything else that does
 * not verify for this caller and the surface it claims is the uniform not-found.
 */
final class ExecutionIds {
    /** The one message of every unknown-execution answer: unknown, forged, expired and not-yours look the same. */
    static final String NOT_FOUND = "Execution not found: unknown, expired, or not visible to you.";

    private final ExecutionHandles handles;

    ExecutionIds(ExecutionHandles handles) {
        this.handles = handles;
    }

    /**
     * A verified handle: the execution and the surface it was created through.
     *
     * @param executionId the execution
     * @param surface     the surface the handle was minted for, which is the execution's own
     */
    record Resolved(UUID executionId, Surface surface) {}

    Resolved resolve(String handle, Surface serving, AuthenticatedCaller caller) {
        Optional<ExecutionHandles.Claimed> claimed = ExecutionHandles.parse(handle);
        if (claimed.isEmpty()) {
            throw notFound();
        }
        Surface surface = claimed.get().surface();
        if (surface != serving && surface != Surface.REST) {
            throw otherGeneration(surface, serving);
        }
        return handles.verify(handle, surface, caller.caller())
                .map(id -> new Resolved(id, surface))
                .orElseThrow(ExecutionIds::notFound);
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
                        + "); this server answers " + serving.wireName() + " and REST execution ids only. Follow that "
                        + "execution through the API that created it, or the REST API.",
                JsonNodeFactory.instance
                        .objectNode()
                        .put("issuedFor", claimed.wireName())
                        .put("servedHere", serving.wireName()));
    }
}
