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
import dev.taskgate.frontend.query.ReceiptQueries;
import dev.taskgate.problem.ProblemException;

/**
 * {@code notifications/cancelled} for an ordinary 2025-era {@code tools/call} that does not wait on this replica
 * (docs/design.md, "Cancellation across replicas"): the call's receipt key is derived from session and request id
 * ({@link #receiptKey}), so any replica finds its execution through job-control and cancels it (queued: at once;
 * running: cooperative stop). A call not admitted yet anywhere is not found: that race is accepted and documented.
 * Blocking.
 */
@Singleton
public class Mcp2025RemoteCancel {
    private static final Logger LOG = Logger.getLogger(Mcp2025RemoteCancel.class);
    private static final String PREFIX = "mcp-2025:call:";

    private final ReceiptQueries receipts;
    private final ExecutionCommands commands;

    Mcp2025RemoteCancel(ReceiptQueries receipts, ExecutionCommands commands) {
        this.receipts = receipts;
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

    /** Cancels the execution of that request if job-control admitted one and it has not ended. */
    public void cancel(String sessionId, JsonNode requestId, AuthenticatedCaller caller) {
        Optional<ExecutionSnapshot> found = receipts.byReceipt(receiptKey(sessionId, requestId), caller.caller());
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
