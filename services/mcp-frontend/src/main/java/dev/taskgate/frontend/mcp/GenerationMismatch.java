package dev.taskgate.frontend.mcp;

import dev.taskgate.contracts.Surface;

/**
 * The clear error for a handle of another surface generation (issue 4 item 3): one control service serves both
 * MCP generations and REST, but a task is reachable only through the kind of handle it was created with. The
 * surface is readable from the handle itself, so naming it reveals nothing.
 */
public final class GenerationMismatch {
    private GenerationMismatch() {}

    /** The message for a handle minted for {@code claimed}, presented to a surface it does not belong to. */
    public static String message(Surface claimed) {
        switch (claimed) {
            case MCP_2026:
                return "Failed to retrieve task: this task id belongs to the MCP 2026-07-28 tasks extension; use it "
                        + "with tasks/get of protocol version 2026-07-28 (no Mcp-Session-Id).";
            case MCP_2025:
                return "Failed to retrieve task: this task id belongs to an MCP 2025-era session; use it with "
                        + "tasks/get after initialize (Mcp-Session-Id).";
            case REST:
                return "Failed to retrieve task: this id is a REST tool-execution id; use the REST API "
                        + "/v1/orgs/{org}/projects/{project}/tool-executions.";
            default:
                return "Failed to retrieve task: the id belongs to another API.";
        }
    }
}
