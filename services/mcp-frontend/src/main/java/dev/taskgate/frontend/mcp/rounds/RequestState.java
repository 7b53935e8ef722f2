package dev.taskgate.frontend.mcp.rounds;

import java.util.Objects;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What one multi-round-trip {@code tools/call} has gathered so far, carried by the client between rounds as the
 * opaque, HMAC-protected {@code requestState} (MCP 2026-07-28 §10): the server keeps nothing.
 *
 * @param binding   whose call this is: principal, workspace, tool and arguments
 * @param round     the index of the round still being answered
 * @param expiresAt epoch milliseconds after which the state is refused
 * @param answers   the accepted responses so far, by input key
 */
public record RequestState(Binding binding, int round, long expiresAt, ObjectNode answers) {

    public RequestState {
        Objects.requireNonNull(binding, "binding");
        Objects.requireNonNull(answers, "answers");
    }

    /**
     * The request a state belongs to; a state presented with any other binding is refused.
     *
     * @param principal       the authenticated principal (issuer and subject)
     * @param workspace       the workspace identity (organization / project)
     * @param tool            the tool's name and version ({@code name@version})
     * @param argumentsDigest the digest of the call's canonical arguments ({@link ArgumentsDigest})
     */
    public record Binding(String principal, String workspace, String tool, String argumentsDigest) {
        public Binding {
            Objects.requireNonNull(principal, "principal");
            Objects.requireNonNull(workspace, "workspace");
            Objects.requireNonNull(tool, "tool");
            Objects.requireNonNull(argumentsDigest, "argumentsDigest");
        }
    }
}
