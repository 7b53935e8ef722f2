package dev.taskgate.frontend.execution;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.PathType;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

import io.quarkus.runtime.Startup;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;

/**
 * The operation catalog with each operation's input schema compiled once (JSON Schema 2020-12): looks tools up
 * and lists what is wrong with an input.
 */
@Singleton
@Startup
public class ToolInputValidator {
    private final Map<String, Tool> tools;

    /** Compiles every schema of the catalog; a schema that does not compile stops the service. */
    @Inject
    public ToolInputValidator(OperationCatalog catalog) {
        this(catalog.all());
    }

    /** Compiles the schemas of these operations. */
    public ToolInputValidator(List<OperationSpec> operations) {
        JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
        SchemaValidatorsConfig config = SchemaValidatorsConfig.builder()
                .pathType(PathType.JSON_POINTER)
                .formatAssertionsEnabled(true)
                .build();
        Map<String, Tool> map = new LinkedHashMap<>();
        for (OperationSpec spec : operations) {
            JsonSchema schema = factory.getSchema(spec.inputSchema(), config);
            schema.initializeValidators();
            map.put(spec.name(), new Tool(spec, schema));
        }
        this.tools = Map.copyOf(map);
    }

    /** The registered tool with this name. */
    public Optional<Tool> find(String name) {
        return Optional.ofNullable(tools.get(name));
    }

    /** A registered operation and its compiled input schema. */
    public static final class Tool {
        private final OperationSpec spec;
        private final JsonSchema schema;

        Tool(OperationSpec spec, JsonSchema schema) {
            this.spec = spec;
            this.schema = schema;
        }

        /** The catalog entry. */
        public OperationSpec spec() {
            return spec;
        }

        /** Every violation of the input schema, ordered by location; empty when the input is valid. */
        public List<InputViolation> violations(JsonNode input) {
            return schema.validate(input).stream()
                    .map(ToolInputValidator::violation)
                    .sorted(Comparator.comparing(InputViolation::pointer).thenComparing(InputViolation::message))
                    .collect(Collectors.toList());
        }
    }

    private static InputViolation violation(ValidationMessage m) {
        String pointer =
                m.getInstanceLocation() == null ? "" : m.getInstanceLocation().toString();
        String message = m.getError() != null ? m.getError() : m.getMessage();
        return new InputViolation(pointer, message);
    }
}
