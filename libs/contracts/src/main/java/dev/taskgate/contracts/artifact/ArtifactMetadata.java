package dev.taskgate.contracts.artifact;

import java.time.Instant;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What is known about a stored artifact, without its content: the body of the frontend's
 * {@code GET /v1/orgs/{org}/projects/{project}/artifacts/{id}/metadata} and part of job-control's internal answers.
 *
 * @param id        deterministic within the workspace ({@link ArtifactIds})
 * @param workspace {@code <org>/<project>}
 * @param name      the file name
 * @param mediaType the content's media type
 * @param sha256    lower-case hex SHA-256 of the content (the ETag of the content route)
 * @param size      content length in bytes
 * @param key       the retention key, when it was saved with one
 * @param path      the REST path of the content
 * @param createdAt when it was first stored
 * @param updatedAt when it was last stored (a later save under the same key replaces it)
 * @param expiresAt when it stops being readable and is removed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ArtifactMetadata(
        @JsonProperty("id") String id,
        @JsonProperty("workspace") String workspace,
        @JsonProperty("name") String name,
        @JsonProperty("mediaType") String mediaType,
        @JsonProperty("sha256") String sha256,
        @JsonProperty("size") long size,
        @JsonProperty("key") String key,
        @JsonProperty("path") String path,
        @JsonProperty("createdAt") Instant createdAt,
        @JsonProperty("updatedAt") Instant updatedAt,
        @JsonProperty("expiresAt") Instant expiresAt) {

    public ArtifactMetadata {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(workspace, "workspace");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(mediaType, "mediaType");
        Objects.requireNonNull(sha256, "sha256");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
    }
}
