package dev.taskgate.worker.execution;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

import dev.taskgate.contracts.catalog.OperationSpec;

/**
 * Re-checks an operation's input against its catalog schema (JSON Schema 2020-12) before a child sees it:
 * job-control validated it on submission, but the worker does not trust what it reads from Kafka.
 */
@ApplicationScoped
public class InputValidator {
    private final JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    private final Map<String, JsonSchema> schemas = new ConcurrentHashMap<>();

    /** The schema violations of {@code input}, each as "path: problem"; empty when the input is valid. */
    public List<String> violations(OperationSpec operation, JsonNode input) {
        JsonSchema schema = schemas.computeIfAbsent(
                operation.name() + "@" + operation.version(), k -> factory.getSchema(operation.inputSchema()));
        return schema.validate(input).stream()
                .map(ValidationMessage::getMessage)
                .sorted()
                .toList();
    }
}
