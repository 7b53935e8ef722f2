package dev.taskgate.contracts.upstream;

import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * What worker-pool needs to call an upstream registered through the operator API, as job-control's internal API
 * answers it ({@code GET /internal/v1/upstreams/{id}/call-target}, worker-pool only): the definition and the
 * credential still sealed, which only the worker's parent opens ({@code UpstreamCredentialSealing}).
 *
 * @param revision         the registration's revision
 * @param definition       the upstream in the upstreams file's form, without {@code credential}
 * @param credentialHeader the credential's header, or {@code null} when it has none
 * @param sealedCredential the credential's value sealed for this upstream (base64), or {@code null}; a worker sends
 *                         no credential without it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record RegisteredUpstreamTarget(
        @JsonProperty("revision") long revision,
        @JsonProperty("definition") JsonNode definition,
        @JsonProperty("credentialHeader") String credentialHeader,
        @JsonProperty("sealedCredential") String sealedCredential) {

    /** The internal route, {@code {id}} replaced by the upstream's id. */
    public static final String PATH = "/internal/v1/upstreams/{id}/call-target";

    public RegisteredUpstreamTarget {
        Objects.requireNonNull(definition, "definition");
    }

    @Override
    public String toString() {
        return "RegisteredUpstreamTarget[revision=" + revision + ", header=" + credentialHeader + "]";
    }
}
