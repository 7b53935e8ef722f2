package dev.taskgate.frontend.mcp.v2025;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

import jakarta.inject.Singleton;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.execution.ExecutionCommands;
import dev.taskgate.frontend.execution.InputResponseShape;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;
import dev.taskgate.frontend.mcp.McpProblems;
import dev.taskgate.problem.ProblemException;

/**
 * A 2025-era client's JSON-RPC <em>response</em> POSTed to {@code /mcp} in its session (or read from standard input
 * over stdio): the answer to a server-to-client request ({@link ClientRequests}). Any replica serves it: the id names execution, input request
 * key and method and is bound to the session ({@link ClientRequestIds}). The answer becomes the input response
 * delivered to job-control (the same {@code ProvideInput} as {@code tasks/update}, the REST input route and
 * {@code execution_provide_input}); over Streamable HTTP the POST gets 202 with no body (transports 2025-11-25 §2.1).
 *
 * <p>Mapping: a {@code result} is delivered as is after its shape is checked ({@code ElicitResult} as on the 2026
 * path, {@link InputResponseShape}; {@code CreateMessageResult}: {@code role} and {@code content}); a wrong shape is
 * refused with an id-less -32602 and sends nothing. A JSON-RPC {@code error} (e.g. the user refused to sample) is
 * delivered as {@code {"action":"cancel","_meta":{"dev.taskgate/client-error":{code,message}}}}: the operation
 * sees a cancelled answer, with the client's reason. An id this server did not mint for this session (forged,
 * another session's, expired) and an answer job-control no longer wants (stale key, execution gone) are ignored
 * (accepted as far as the client can tell), logged, counted in {@link #ignored()}, nothing changes.
 */
@Singleton
public class ClientResponses {
    /** The {@code _meta} key under which a client's JSON-RPC error reaches the operation. */
    public static final String CLIENT_ERROR = "dev.taskgate/client-error";

    private static final Logger LOG = Logger.getLogger(ClientResponses.class);

    /**
     * What became of a response.
     *
     * @param refusal    why it was refused, {@code null} when it was accepted (or ignored, which looks the same)
     * @param retryLater whether job-control could not take it now (HTTP 503 rather than 400)
     */
    public record Outcome(McpException refusal, boolean retryLater) {
        static final Outcome ACCEPTED = new Outcome(null, false);

        /** Whether the response was accepted (or ignored). */
        public boolean accepted() {
            return refusal == null;
        }
    }

    private final ClientRequestIds ids;
    private final ExecutionCommands commands;
    private final LongAdder ignored = new LongAdder();

    ClientResponses(ClientRequestIds ids, ExecutionCommands commands) {
        this.ids = ids;
        this.commands = commands;
    }

    /**
     * Whether {@code body} is a JSON-RPC response (an object with {@code result} or {@code error} and no
     * {@code method}) rather than a request or notification. Never throws.
     */
    public static boolean isResponse(byte[] body) {
        try {
            JsonNode root = Wire.mapper().readTree(body);
            return root != null && root.isObject() && !root.has("method") && (root.has("result") || root.has("error"));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** How many responses were ignored since start (forged, stale or expired ids, answers nobody waits for). */
    public long ignored() {
        return ignored.sum();
    }

    /** Serves one response of the caller's live {@code session}. Blocking. */
    public Outcome accept(byte[] body, Mcp2025Session session, AuthenticatedCaller caller) {
        JsonNode message;
        try {
            message = Wire.mapper().readTree(body);
        } catch (IOException e) {
            return refused(McpErrors.parseError("Parse error: the body is not valid JSON."));
        }
        if (!"2.0".equals(message.path("jsonrpc").asText(null))) {
            return refused(McpErrors.invalidRequest("jsonrpc must be \"2.0\"."));
        }
        if (message.has("result") == message.has("error")) {
            return refused(McpErrors.invalidRequest("A response carries exactly one of result and error."));
        }
        Optional<ClientRequestIds.Target> target = ids.verify(message.get("id"), session.clientRequestScope());
        if (target.isEmpty()) {
            return ignore("the id is not one this server issued to this session", null);
        }
        ClientRequestIds.Target asked = target.get();
        JsonNode answer;
        if (message.has("error")) {
            answer = fromError(message.get("error"));
        } else {
            Optional<String> problem = shapeProblem(asked.method(), message.get("result"));
            if (problem.isPresent()) {
                return refused(McpErrors.invalidParams("result " + problem.get() + ".", null));
            }
            answer = message.get("result");
        }
        try {
            commands.provideInput(caller, asked.executionId(), Map.of(asked.requestKey(), answer));
        } catch (ProblemException e) {
            if (e.problem().status() == 404) {
                return ignore("the execution is unknown or no longer visible", asked);
            }
            return new Outcome(McpProblems.translate(e), e.problem().status() >= 500);
        }
        return Outcome.ACCEPTED;
    }

    private Outcome ignore(String why, ClientRequestIds.Target target) {
        ignored.increment();
        LOG.infof(
                "client response ignored reason=%s executionId=%s requestKey=%s",
                why, target == null ? null : target.executionId(), target == null ? null : target.requestKey());
        return Outcome.ACCEPTED;
    }

    static Optional<String> shapeProblem(String method, JsonNode result) {
        return InputResponseShape.violation(method, result)
                .map(v -> v.pointer().isEmpty() ? v.message() : "at " + v.pointer() + ": " + v.message());
    }

    private static JsonNode fromError(JsonNode error) {
        ObjectNode answer = JsonNodeFactory.instance.objectNode().put("action", "cancel");
        ObjectNode reason = answer.putObject("_meta").putObject(CLIENT_ERROR);
        reason.set(
                "code",
                error.path("code").isIntegralNumber()
                        ? error.get("code")
                        : JsonNodeFactory.instance.numberNode(McpErrors.INTERNAL_ERROR));
        reason.put("message", error.path("message").asText(""));
        return answer;
    }

    private static Outcome refused(McpException e) {
        return new Outcome(e, false);
    }
}
