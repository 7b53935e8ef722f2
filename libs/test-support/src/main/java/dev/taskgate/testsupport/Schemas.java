package dev.taskgate.testsupport;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

/**
 * Validates JSON against the contract schemas shipped in the contracts jar under {@code taskgate-schemas/}
 * (JSON Schema 2020-12, {@code format} asserted). Schema ids under {@code https://taskgate.dev/schemas/} are
 * resolved from the classpath, so {@code $ref}s to {@code kafka/common.schema.json} work offline.
 *
 * <pre>{@code
 * assertThat(Schemas.validateKafkaRecord(Topics.WORKER_EVENTS, Wire.mapper().readTree(record.value()))).isEmpty();
 * }</pre>
 */
public final class Schemas {
    /** Where the contracts jar ships {@code schemas/}. */
    public static final String CLASSPATH_ROOT = "taskgate-schemas/";
    /** The prefix of every schema {@code $id}. */
    public static final String ID_BASE = "https://taskgate.dev/schemas/";

    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(
            SpecVersion.VersionFlag.V202012,
            builder -> builder.schemaMappers(mappers -> mappers.mapPrefix(ID_BASE, "classpath:" + CLASSPATH_ROOT)));
    // 2020-12 treats format as an annotation unless asserted; the contracts rely on date-time and uuid
    private static final SchemaValidatorsConfig CONFIG =
            SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
    private static final Map<String, JsonSchema> COMPILED = new ConcurrentHashMap<>();

    private Schemas() {}

    /**
     * Validates {@code json} against the schema at {@code schemaPath} (relative to {@code schemas/}, e.g.
     * {@code kafka/taskgate.work.v1/RunOperation.schema.json} or {@code api/ExecutionOutcome.schema.json}).
     *
     * @return the validation messages, sorted; empty when valid
     * @throws IllegalArgumentException when no schema exists at that path
     */
    public static List<String> validate(String schemaPath, JsonNode json) {
        JsonSchema schema = COMPILED.computeIfAbsent(schemaPath, Schemas::compile);
        return schema.validate(json).stream()
                .map(ValidationMessage::getMessage)
                .sorted()
                .toList();
    }

    /**
     * Validates a Kafka record value against the schema its {@code type} member names on that topic.
     *
     * @param topic the topic without deployment prefix, e.g. {@code Topics.WORKER_EVENTS}
     * @return the validation messages; a single message when the record has no textual {@code type}
     * @throws IllegalArgumentException when the topic has no schema for that type
     */
    public static List<String> validateKafkaRecord(String topic, JsonNode record) {
        JsonNode type = record.path("type");
        if (!type.isTextual()) {
            return List.of("$: the record has no textual `type` member");
        }
        return validate(kafkaSchemaPath(topic, type.asText()), record);
    }

    /** {@code kafka/<topic>/<type>.schema.json}. */
    public static String kafkaSchemaPath(String topic, String type) {
        return "kafka/" + topic + "/" + type + ".schema.json";
    }

    private static JsonSchema compile(String schemaPath) {
        if (Schemas.class.getClassLoader().getResource(CLASSPATH_ROOT + schemaPath) == null
                && Thread.currentThread().getContextClassLoader().getResource(CLASSPATH_ROOT + schemaPath) == null) {
            throw new IllegalArgumentException("no schema on the classpath at " + CLASSPATH_ROOT + schemaPath);
        }
        JsonSchema schema = FACTORY.getSchema(SchemaLocation.of(ID_BASE + schemaPath), CONFIG);
        schema.initializeValidators();
        return schema;
    }
}
