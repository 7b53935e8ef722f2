package dev.taskgate.frontend.mcp.v2025;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Optional;

import jakarta.inject.Singleton;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.execution.ExecutionCommands;
import dev.taskgate.frontend.query.CancelMarks;
import dev.taskgate.problem.ProblemException;

/**
 * {@code notifications/cancelled} for an ordinary 2025-era {@code tools/call} that does not wait on this replica
 * (docs/mcp-frontend.md, "Cancellation across replicas"): the call's receipt key is derived from session and request
 * id ({@link #receiptKey}), so any replica reaches it through job-control. An admitted execution is cancelled
 * (queued: at once; running: cooperative stop); a call not admitted yet leaves a mark in job-control that refuses its
 * submission, wherever it arrives. Blocking.
 */
@Singleton
public class Mcp2025RemoteCancel {
    private static final Logger LOG = Logger.getLogger(Mcp2025RemoteCancel.class);
    private static final String PREFIX = "mcp-2025:call:";

    private final CancelMarks marks;
    private final ExecutionCommands commands;

    Mcp2025RemoteCancel(CancelMarks marks, ExecutionCommands commands) {
        this.marks = marks;
        this.commands = commands;
    }

    /**
     * The receipt key of an ordinary call in an HTTP session: {@code mcp-2025:call:} + base64url(SHA-256(session
     * hash, request id as JSON)). Request ids are unique within a session (JSON-RPC as MCP uses it), so the key is
     * too; a string id and a number id with the same digits differ.
     */
    public static String receiptKey(String sessionId, JsonNode requestId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((Mcp2025Sessions.hash(sessionId) + "\n" + requestId).getBytes(StandardCharsets.UTF_8));
            return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    /** Cancels the execution of that request if job-control admitted one and it has not ended, else marks it. */
    public void cancel(String sessionId, JsonNode requestId, AuthenticatedCaller caller) {
        Optional<ExecutionSnapshot> found = marks.mark(receiptKey(sessionId, requestId), caller.caller());
        if (found.isEmpty() || found.get().status().isTerminal()) {
            return;
        }
        try {
            commands.cancel(caller, found.get().executionId(), "cancelled through MCP 2025 notifications/cancelled");
        } catch (ProblemException e) {
            LOG.debugf(
                    "cross-replica cancel not delivered executionId=%s reason=%s",
                    found.get().executionId(), e.getMessage());
        }
    }
}
