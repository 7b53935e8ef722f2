package dev.taskgate.frontend.mcp.rounds;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.catalog.PreTaskInput;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.execution.ToolInputValidator;
import dev.taskgate.frontend.mcp.ClientCapabilities;
import dev.taskgate.frontend.mcp.JsonRpcRequest;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpResult;
import dev.taskgate.frontend.mcp.RequestMeta;
import dev.taskgate.frontend.mcp.ServerIdentity;
import dev.taskgate.frontend.mcp.ToolArguments;

/**
 * Multi-round-trip {@code input_required} results on {@code tools/call} (MCP 2026-07-28 §10) for tools whose catalog
 * entry declares {@code inputRounds}: input they need before their execution exists. Stateless: everything gathered
 * so far travels in the signed {@code requestState}; nothing is stored and nothing is submitted until every round is
 * answered, then the answers are written into the arguments and the call proceeds (synchronously, or as a task, so
 * the last round may answer a {@code CreateTaskResult}).
 *
 * <p>Per round: requests whose argument the call already carries are not asked; the rest are asked only of a client
 * that declared their capability, and a round none of whose requests the client can answer is -32021 naming what it
 * needs. A round is answered when every asked key has a response, from this request's {@code inputResponses} or an
 * earlier one's (kept in the state); a missing answer is asked again, not an error; unknown keys are ignored. A
 * response of the wrong shape, a non-object {@code inputResponses} and a forged, tampered, expired or foreign
 * {@code requestState} are -32602. The first round may be answered without a state (it has nothing to protect yet).
 */
@Singleton
public class InputRounds {
    private final ServerIdentity identity;
    private final RequestStateCodec codec;
    private final Clock clock;
    private final Duration ttl;

    @Inject
    InputRounds(ServerIdentity identity, FrontendConfig config, Clock clock) {
        this(
                identity,
                RequestStateCodec.derivedFrom(config.handlesKey()),
                clock,
                config.requestState().ttl());
    }

    InputRounds(ServerIdentity identity, RequestStateCodec codec, Clock clock, Duration ttl) {
        this.identity = identity;
        this.codec = codec;
        this.clock = clock;
        this.ttl = ttl;
    }

    /**
     * Gathers the tool's pre-task input.
     *
     * @param arguments the call's arguments, already valid against the tool's schema
     * @return the {@code input_required} result to answer now, or the arguments with every answer written in
     */
    public Gathered gather(
            JsonRpcRequest request,
            RequestMeta meta,
            AuthenticatedCaller caller,
            ToolInputValidator.Tool tool,
            ObjectNode arguments) {
        List<List<PreTaskInput>> rounds = tool.spec().inputRounds();
        if (rounds.isEmpty()) {
            return new Gathered(null, arguments);
        }
        ObjectNode responses = inputResponses(request);
        RequestState.Binding binding = new RequestState.Binding(
                caller.caller().principal(),
                caller.caller().workspace(),
                tool.spec().name() + "@" + tool.spec().version(),
                ArgumentsDigest.of(arguments));
        int round = 0;
        ObjectNode answers = JsonNodeFactory.instance.objectNode();
        JsonNode token = request.params().get("requestState");
        if (token != null && !token.isNull()) {
            if (!token.isTextual()) {
                throw McpErrors.invalidParams(
                        "params.requestState must be the string a previous result returned.", null);
            }
            try {
                RequestState state = codec.decode(token.asText(), binding, clock.instant());
                round = state.round();
                answers = state.answers().deepCopy();
            } catch (InvalidRequestStateException e) {
                throw McpErrors.invalidParams("Invalid requestState: " + e.getMessage(), null);
            }
        }
        for (; round < rounds.size(); round++) {
            List<PreTaskInput> asked = askable(rounds.get(round), arguments, meta);
            for (PreTaskInput input : asked) {
                JsonNode response = responses.get(input.key());
                if (response != null && !answers.has(input.key())) {
                    Optional<String> problem = InputResponseCheck.problem(input.method(), response);
                    if (problem.isPresent()) {
                        throw McpErrors.invalidParams(
                                "params.inputResponses." + input.key() + " " + problem.get() + " (it answers "
                                        + input.method() + ").",
                                null);
                    }
                    answers.set(input.key(), response);
                }
            }
            List<PreTaskInput> missing = new ArrayList<>();
            for (PreTaskInput input : asked) {
                if (!answers.has(input.key())) {
                    missing.add(input);
                }
            }
            if (!missing.isEmpty()) {
                RequestState state = new RequestState(
                        binding, round, clock.instant().plus(ttl).toEpochMilli(), answers);
                return new Gathered(inputRequired(missing, codec.encode(state)), null);
            }
        }
        return new Gathered(null, completed(tool, rounds, arguments, answers));
    }

    private static ObjectNode inputResponses(JsonRpcRequest request) {
        if (!request.params().has("inputResponses")) {
            return JsonNodeFactory.instance.objectNode();
        }
        JsonNode responses = request.params().get("inputResponses");
        if (!responses.isObject()) {
            throw McpErrors.invalidParams("params.inputResponses must be an object (input key → response).", null);
        }
        return (ObjectNode) responses;
    }

    /** The requests of a round to ask: not already given as arguments, and answerable by this client. */
    private static List<PreTaskInput> askable(List<PreTaskInput> round, ObjectNode arguments, RequestMeta meta) {
        List<PreTaskInput> open =
                round.stream().filter(input -> !arguments.has(input.argument())).toList();
        List<PreTaskInput> answerable = open.stream()
                .filter(input ->
                        ClientCapabilities.canAnswer(meta.clientCapabilities(), input.method(), input.params()))
                .toList();
        if (!open.isEmpty() && answerable.isEmpty()) {
            ObjectNode needed = JsonNodeFactory.instance.objectNode();
            open.forEach(input -> ClientCapabilities.addNeeded(needed, input.method(), input.params()));
            throw McpErrors.missingClientCapabilities(needed);
        }
        return answerable;
    }

    private McpResult inputRequired(List<PreTaskInput> missing, String requestState) {
        ObjectNode result = identity.result("input_required");
        ObjectNode requests = result.putObject("inputRequests");
        for (PreTaskInput input : missing) {
            requests.putObject(input.key())
                    .put("method", input.method())
                    .set("params", input.params().deepCopy());
        }
        result.put("requestState", requestState);
        return McpResult.of(result);
    }

    private static ObjectNode completed(
            ToolInputValidator.Tool tool, List<List<PreTaskInput>> rounds, ObjectNode arguments, ObjectNode answers) {
        ObjectNode merged = arguments.deepCopy();
        for (List<PreTaskInput> round : rounds) {
            for (PreTaskInput input : round) {
                JsonNode response = answers.get(input.key());
                if (response == null || arguments.has(input.argument())) {
                    continue;
                }
                JsonNode value = input.answer() == null ? response : response.at(input.answer());
                if (!value.isMissingNode()) {
                    merged.set(input.argument(), value.deepCopy());
                }
            }
        }
        ToolArguments.check(
                tool,
                merged,
                "The input responses do not fit tool " + tool.spec().name() + "'s arguments.");
        return merged;
    }

    /**
     * The outcome of {@link #gather}: exactly one member is set.
     *
     * @param pending   the {@code input_required} result to answer now
     * @param arguments the arguments to submit, with every answer written in
     */
    public record Gathered(McpResult pending, ObjectNode arguments) {}
}
