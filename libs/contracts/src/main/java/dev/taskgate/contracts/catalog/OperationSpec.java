package dev.taskgate.contracts.catalog;

import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * One registered operation, as declared in {@code schemas/operations/catalog.json}.
 *
 * @param name        the tool name callers use, e.g. {@code demo.echo}
 * @param version     bumped when the operation's behaviour or input changes; bound into receipts
 * @param title       a short display name
 * @param description what it does, for tool listings
 * @param mutating    whether it changes anything outside Taskgate (needs {@code tools:write})
 * @param annotations MCP tool annotations ({@code readOnlyHint}, …)
 * @param inputSchema JSON Schema (2020-12) the input must satisfy
 * @param taskSupport the tool's default MCP task policy ({@code forbidden}, {@code optional}, {@code required}), or
 *                    {@code null} when the catalog leaves it to configuration (then {@code optional})
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record OperationSpec(
        @JsonProperty("name") String name,
        @JsonProperty("version") String version,
        @JsonProperty("title") String title,
        @JsonProperty("description") String description,
        @JsonProperty("mutating") boolean mutating,
        @JsonProperty("annotations") JsonNode annotations,
        @JsonProperty("inputSchema") JsonNode inputSchema,
        @JsonProperty("taskSupport") String taskSupport) {

    public OperationSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(inputSchema, "inputSchema");
        annotations = annotations == null ? JsonNodeFactory.instance.objectNode() : annotations;
    }

    /** An operation without a default task policy (the signature before {@code taskSupport} was added). */
    public OperationSpec(String name, String version, String title, String description, boolean mutating,
            JsonNode annotations, JsonNode inputSchema) {
        this(name, version, title, description, mutating, annotations, inputSchema, null);
    }
}
