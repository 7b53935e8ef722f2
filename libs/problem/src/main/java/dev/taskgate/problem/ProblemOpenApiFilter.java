package dev.taskgate.problem;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.Schema;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Completes a public service's generated OpenAPI document (docs/openapi.md; {@code mp.openapi.filter} of mcp-frontend
 * and webhook-dispatcher) with what the resources cannot say by annotation without repeating it on every method:
 * every error answer is {@code application/problem+json} (RFC 9457, {@link ProblemResponses}), so
 * each operation gets a {@code default} problem response and every error response without a body (the 401 and 403
 * that {@code @Authenticated} adds) gets the problem body. The {@code Problem} schema is the contract's
 * ({@code schemas/kafka/common.schema.json#/$defs/problem}), copied so that the two cannot drift.
 */
public class ProblemOpenApiFilter implements OASFilter {
    static final String PROBLEM_SCHEMA = "taskgate-schemas/kafka/common.schema.json";

    @Override
    public void filterOpenAPI(OpenAPI openApi) {
        if (openApi.getComponents() == null) {
            openApi.setComponents(OASFactory.createComponents());
        }
        openApi.getComponents().addSchema("Problem", problemSchema());
    }

    @Override
    public Operation filterOperation(Operation operation) {
        if (operation.getResponses() == null) {
            operation.setResponses(OASFactory.createAPIResponses());
        }
        operation.getResponses().getAPIResponses().forEach((code, response) -> {
            if (isError(code) && response.getContent() == null) {
                response.setContent(problemContent());
            }
        });
        if (!operation.getResponses().hasAPIResponse("default")) {
            operation
                    .getResponses()
                    .addAPIResponse(
                            "default",
                            OASFactory.createAPIResponse()
                                    .description("Any other error, as a problem (RFC 9457)")
                                    .content(problemContent()));
        }
        return operation;
    }

    private static boolean isError(String code) {
        return code.length() == 3 && (code.charAt(0) == '4' || code.charAt(0) == '5');
    }

    private static Content problemContent() {
        return OASFactory.createContent()
                .addMediaType(
                        ProblemResponses.PROBLEM_JSON,
                        OASFactory.createMediaType()
                                .schema(OASFactory.createSchema().ref("Problem")));
    }

    private static Schema problemSchema() {
        Map<String, Object> common;
        try (InputStream in = ProblemOpenApiFilter.class.getClassLoader().getResourceAsStream(PROBLEM_SCHEMA)) {
            if (in == null) {
                throw new IllegalStateException("the contracts jar does not hold " + PROBLEM_SCHEMA);
            }
            common = new ObjectMapper().readValue(in, new TypeReference<>() {});
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> problem = (Map<String, Object>) ((Map<String, Object>) common.get("$defs")).get("problem");
        return toSchema(problem);
    }

    @SuppressWarnings("unchecked")
    private static Schema toSchema(Map<String, Object> json) {
        Schema schema = OASFactory.createSchema();
        json.forEach((key, value) -> {
            if (key.equals("properties")) {
                ((Map<String, Object>) value)
                        .forEach(
                                (name, property) -> schema.addProperty(name, toSchema((Map<String, Object>) property)));
            } else {
                schema.set(key, value);
            }
        });
        return schema;
    }
}
