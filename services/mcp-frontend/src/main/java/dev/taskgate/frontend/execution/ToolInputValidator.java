package dev.taskgate.frontend.execution;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jboss.logging.Logger;

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
 * The operation catalog with each operation's input schema compiled (JSON Schema 2020-12): looks tools up and lists
 * what is wrong with an input. Taskgate's own operations are compiled at startup (a schema that does not compile stops
 * the service); an upstream tool's schema on its first use after the upstream listed it, and a schema that does not
 * compile makes every input of that tool invalid with the reason, leaving the other tools alone.
 */
@Singleton
@Startup
public class ToolInputValidator {
    private static final Logger LOG = Logger.getLogger(ToolInputValidator.class);

    private final Map<String, Tool> own;
    private final OperationCatalog catalog;
    private final Map<OperationSpec, Tool> upstream = new ConcurrentHashMap<>();

    /** Compiles every schema of the catalog's own operations. */
    @Inject
    public ToolInputValidator(OperationCatalog catalog) {
        this.catalog = catalog;
        Map<String, Tool> map = new LinkedHashMap<>();
        for (OperationSpec spec : catalog.own()) {
            map.put(spec.name(), new Tool(spec, compile(spec)));
        }
        this.own = Map.copyOf(map);
        catalog.onUpstreamChange(upstream::clear);
    }

    /** Compiles the schemas of these operations (no upstream tools). */
    public ToolInputValidator(List<OperationSpec> operations) {
        this(OperationCatalog.of(operations));
    }

    /** The registered tool with this name, whoever asks (an upstream tool is offered to some workspaces only). */
    public Optional<Tool> find(String name) {
        Tool tool = own.get(name);
        if (tool != null) {
            return Optional.of(tool);
        }
        return catalog.find(name)
                .filter(OperationSpec::isUpstream)
                .map(spec -> upstream.computeIfAbsent(spec, s -> {
                    try {
                        return new Tool(s, compile(s));
                    } catch (RuntimeException e) {
                        LOG.warnf("Input schema of upstream tool %s does not compile: %s", s.name(), e.getMessage());
                        return new Tool(
                                s, "its input schema, as the upstream listed it, cannot be used: " + e.getMessage());
                    }
                }));
    }

    /** The tool with this name as a caller in {@code workspace} ({@code <org>/<project>}) sees it. */
    public Optional<Tool> find(String name, String workspace) {
        return find(name)
                .filter(tool ->
                        !tool.spec().isUpstream() || tool.spec().upstream().admits(workspace));
    }

    /**
     * Why the tool {@code name}, unknown to a caller in {@code workspace}, cannot be called now when its namespace is
     * an upstream's that the caller may use but that could not be listed; empty otherwise. The reason an operator sees
     * (addresses, errors) is not told to callers.
     */
    public Optional<String> unavailable(String name, String workspace) {
        int dot = name.indexOf('.');
        if (dot < 1) {
            return Optional.empty();
        }
        return catalog.upstreamTools()
                .upstreamWithNamespace(name.substring(0, dot))
                .filter(state -> !state.available() && state.admits(workspace))
                .map(state -> "Tool '" + name + "' is unavailable now: its upstream '" + state.id()
                        + "' cannot be reached; try again later.");
    }

    private static JsonSchema compile(OperationSpec spec) {
        JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
        SchemaValidatorsConfig config = SchemaValidatorsConfig.builder()
                .pathType(PathType.JSON_POINTER)
                .formatAssertionsEnabled(true)
                .build();
        JsonSchema schema = factory.getSchema(spec.inputSchema(), config);
        schema.initializeValidators();
        return schema;
    }

    /** A registered operation and its compiled input schema. */
    public static final class Tool {
        private final OperationSpec spec;
        private final JsonSchema schema;
        private final String unusable;

        Tool(OperationSpec spec, JsonSchema schema) {
            this.spec = spec;
            this.schema = schema;
            this.unusable = null;
        }

        Tool(OperationSpec spec, String unusable) {
            this.spec = spec;
            this.schema = null;
            this.unusable = unusable;
        }

        /** The catalog entry. */
        public OperationSpec spec() {
            return spec;
        }

        /** Every violation of the input schema, ordered by location; empty when the input is valid. */
        public List<InputViolation> violations(JsonNode input) {
            if (schema == null) {
                return List.of(new InputViolation("", unusable));
            }
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
