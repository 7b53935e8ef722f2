package dev.taskgate.frontend.mcp.v2025;

import java.util.List;

import jakarta.inject.Singleton;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Surface;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.mcp.McpResult;
import dev.taskgate.frontend.mcp.SurfaceSwitches;
import dev.taskgate.frontend.mcp.SyncCall;
import dev.taskgate.frontend.mcp.compat.CompatibilityTools;

/**
 * What a synchronous 2025-era {@code tools/call} does when its execution reaches {@code input_required}: it sends
 * the client one JSON-RPC request per outstanding input request on the call's stream ({@link ClientRequests});
 * the client's responses come back as separate POSTs ({@link ClientResponses}) and the call keeps waiting for the
 * result. When the client lacks the capability a request needs (the server must not send it), the call is answered
 * instead with the execution's handle view ({@link CompatibilityTools#handoff}): the execution keeps waiting for
 * that input, and its {@code next_action} names {@code execution_provide_input} (any other input route — REST,
 * {@code execution_provide_input} — works as well); nothing is cancelled. With the compatibility tools switched off
 * there is no tool to follow that view with, so the call keeps waiting instead, like {@code tasks/result} (the REST
 * input route can still answer).
 */
@Singleton
public class Mcp2025CallInput {
    private static final Logger LOG = Logger.getLogger(Mcp2025CallInput.class);

    /**
     * Who is asked: the call's session and caller.
     *
     * @param session the 2025-era session the call came in
     * @param caller  the caller
     */
    public record Asker(Mcp2025Session session, AuthenticatedCaller caller) {}

    /**
     * The outcome of one {@link SyncCall.Kind#INPUT} step.
     *
     * @param requests the requests to send on the stream (empty when answering)
     * @param answer   the call's answer instead (the handle view), or {@code null} to go on waiting
     */
    public record Asked(List<ObjectNode> requests, McpResult answer) {}

    private final ClientRequests requests;
    private final CompatibilityTools compat;
    private final SurfaceSwitches switches;

    Mcp2025CallInput(ClientRequests requests, CompatibilityTools compat, SurfaceSwitches switches) {
        this.switches = switches;
        this.requests = requests;
        this.compat = compat;
    }

    /** Handles an {@link SyncCall.Kind#INPUT} step of {@code call}. Blocking (the handle view reads job-control). */
    public Asked ask(Asker asker, SyncCall call, SyncCall.Step step) {
        ClientRequests.Plan plan = requests.plan(asker.session(), call.executionId(), step.message(), null);
        if (plan.isComplete() || !switches.compatibilityTools()) {
            return new Asked(plan.messages(), null);
        }
        LOG.debugf(
                "2025 client cannot be asked for input executionId=%s missing=%s; answering the handle view",
                call.executionId(), plan.unsupported());
        return new Asked(
                List.of(), McpResult.raw(compat.handoff(asker.caller(), Surface.MCP_2025, call.executionId(), 0)));
    }
}
