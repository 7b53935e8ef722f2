package dev.taskgate.problem;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;

/**
 * Renders problems as {@code application/problem+json} responses (RFC 9457) and representations as JSON bytes.
 * Which failure becomes which problem is each service's own {@code web.ProblemMappers}.
 */
public final class ProblemResponses {
    /** The problem media type. */
    public static final String PROBLEM_JSON = "application/problem+json";

    private static final ObjectMapper MAPPER = Wire.newMapper();

    private ProblemResponses() {}

    /** The response for a problem; {@code instance} defaults to the request path. */
    public static Response of(ApiProblem problem, String path) {
        ObjectNode body = MAPPER.valueToTree(
                problem.problem().instance() == null && path != null
                        ? problem.problem().at(path)
                        : problem.problem());
        for (Map.Entry<String, Object> e : problem.extensions().entrySet()) {
            body.set(e.getKey(), MAPPER.valueToTree(e.getValue()));
        }
        Response.ResponseBuilder builder =
                Response.status(problem.status()).type(PROBLEM_JSON).entity(bytes(body));
        problem.headers().forEach(builder::header);
        return builder.build();
    }

    /** Serialises a representation with the wire settings (ISO-8601 instants, no nulls). */
    public static byte[] bytes(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
