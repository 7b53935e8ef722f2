package dev.taskgate.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

import dev.taskgate.contracts.Wire;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Validates emitted MCP messages against the official schemas (2026-07-28, its tasks extension, 2025-11-25), vendored
 * in {@code vendor/mcp-schemas} and read from this module's classpath ({@code mcp-schemas/}). A
 * definition is validated by compiling the whole schema document with a root {@code $ref} to {@code #/$defs/<name>}
 * (the documents reference their definitions only as {@code #/$defs/…}); the ext-tasks document's {@code $id} is
 * dropped so that nothing is fetched.
 */
public final class McpSchemas {
    /** The base protocol schema. */
    public static final String BASE = "mcp-2026-07-28.schema.json";
    /** The tasks extension schema. */
    public static final String TASKS = "ext-tasks-2026-07-28.schema.json";
    /** The 2025-11-25 schema (the 2025-era adapter). */
    public static final String V2025 = "mcp-2025-11-25.schema.json";

    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    private static final Map<String, JsonSchema> COMPILED = new ConcurrentHashMap<>();
    private static final Map<Integer, String> ERROR_DEFS = Map.of(
            -32700,
            "ParseError",
            -32600,
            "InvalidRequestError",
            -32601,
            "MethodNotFoundError",
            -32602,
            "InvalidParamsError",
            -32603,
            "InternalError");
    private static final Map<Integer, String> ERROR_RESPONSE_DEFS = Map.of(
            -32020,
            "HeaderMismatchError",
            -32021,
            "MissingRequiredClientCapabilityError",
            -32022,
            "UnsupportedProtocolVersionError");

    private McpSchemas() {}

    /** Validation messages of {@code json} against {@code #/$defs/<definition>} of {@code file}; empty when valid. */
    public static List<String> errors(String file, String definition, JsonNode json) {
        JsonSchema schema = COMPILED.computeIfAbsent(file + "#" + definition, k -> compile(file, definition));
        return schema.validate(json).stream()
                .map(ValidationMessage::getMessage)
                .sorted()
                .toList();
    }

    /** Asserts that an error response is a valid JSON-RPC error response of its code's definition. */
    public static void assertValidError(JsonNode message) {
        assertThat(errors(BASE, "JSONRPCErrorResponse", message))
                .as(message.toString())
                .isEmpty();
        int code = message.path("error").path("code").asInt();
        if (ERROR_RESPONSE_DEFS.containsKey(code)) {
            assertThat(errors(BASE, ERROR_RESPONSE_DEFS.get(code), message))
                    .as(message.toString())
                    .isEmpty();
        } else {
            assertThat(ERROR_DEFS)
                    .as("an error code the 2026-07-28 schema defines: " + code)
                    .containsKey(code);
            assertThat(errors(BASE, ERROR_DEFS.get(code), message.path("error")))
                    .as(message.toString())
                    .isEmpty();
        }
    }

    /** Asserts a successful response against the base definition of the response and, if given, the extension's result. */
    public static void assertValidResult(
            String baseResponseDefinition, String tasksResultDefinition, JsonNode message) {
        assertThat(errors(BASE, baseResponseDefinition, message))
                .as(message.toString())
                .isEmpty();
        if (tasksResultDefinition != null) {
            assertThat(errors(TASKS, tasksResultDefinition, message.path("result")))
                    .as(message.toString())
                    .isEmpty();
        }
    }

    /** Asserts {@code json} is valid against {@code #/$defs/<definition>} of the 2025-11-25 schema. */
    public static void assertValid2025(String definition, JsonNode json) {
        assertThat(errors(V2025, definition, json)).as(definition + ": " + json).isEmpty();
    }

    private static JsonSchema compile(String file, String definition) {
        ObjectNode document;
        try (InputStream in = McpSchemas.class.getResourceAsStream("/mcp-schemas/" + file)) {
            if (in == null) {
                throw new IllegalArgumentException("no vendored MCP schema " + file + " on the classpath");
            }
            document = (ObjectNode) Wire.mapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the MCP schema " + file, e);
        }
        if (!document.path("$defs").has(definition)) {
            throw new IllegalArgumentException(file + " has no definition " + definition);
        }
        document.remove("$id");
        document.put("$ref", "#/$defs/" + definition);
        JsonSchema schema = FACTORY.getSchema(document);
        schema.initializeValidators();
        return schema;
    }
}
