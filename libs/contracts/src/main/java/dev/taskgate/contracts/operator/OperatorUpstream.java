package dev.taskgate.contracts.operator;

import java.time.Instant;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;

/**
 * One upstream as the operator API shows it ({@code GET|POST|PUT …/operator/upstreams[/{id}]}, docs/gateway.md
 * "Operating upstreams"). The credential's value is never part of it: only its header name.
 *
 * @param id         the upstream's id
 * @param source     {@code api} (registered through the operator API, may be changed there) or {@code file} (the
 *                   upstreams file, read-only through the API)
 * @param revision   the registration's revision, 1 when created and one more on each update ({@code ETag} and
 *                   {@code If-Match}); {@code null} for a file upstream
 * @param owner      the project ({@code org/project}) that registered it; {@code null} for a file upstream
 * @param definition the upstream in the form the upstreams file uses, without {@code credential}
 * @param credential the credential's header, or {@code null} when it has none
 * @param createdAt  when it was registered; {@code null} for a file upstream
 * @param updatedAt  when it was last changed; {@code null} for a file upstream
 * @param state      its state as discovery last saw it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record OperatorUpstream(
        @JsonProperty("id") String id,
        @JsonProperty("source") String source,
        @JsonProperty("revision") Long revision,
        @JsonProperty("owner") String owner,
        @JsonProperty("definition") JsonNode definition,
        @JsonProperty("credential") Credential credential,
        @JsonProperty("createdAt") Instant createdAt,
        @JsonProperty("updatedAt") Instant updatedAt,
        @JsonProperty("state") UpstreamState state) {

    /** {@link #source} of an upstream registered through the operator API. */
    public static final String API = "api";
    /** {@link #source} of an upstream of the upstreams file. */
    public static final String FILE = "file";

    public OperatorUpstream {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(definition, "definition");
        Objects.requireNonNull(state, "state");
    }

    /**
     * What is shown of a credential: that one is set, and its header.
     *
     * @param header the header it is sent in
     * @param set    always {@code true}: the value is stored, and never shown
     */
    public record Credential(
            @JsonProperty("header") String header,
            @JsonProperty("set") boolean set) {}
}
