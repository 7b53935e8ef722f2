package dev.taskgate.contracts.artifact;

import java.util.Base64;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * 200 body of job-control's internal {@code GET /internal/v1/artifacts/{id}} and {@code .../by-key}: an artifact
 * with its content (at most {@link ArtifactRules#MAX_CONTENT_BYTES}, so base64 in JSON is acceptable).
 *
 * @param artifact      what is known about it
 * @param contentBase64 the content, standard base64
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ArtifactContent(
        @JsonProperty("artifact") ArtifactMetadata artifact,
        @JsonProperty("contentBase64") String contentBase64) {

    public ArtifactContent {
        Objects.requireNonNull(artifact, "artifact");
        Objects.requireNonNull(contentBase64, "contentBase64");
    }

    /** The decoded content. */
    public byte[] content() {
        return Base64.getDecoder().decode(contentBase64);
    }
}
