package dev.taskgate.contracts.event;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * An operation saved an artifact in its execution's workspace. job-control stores it (sealed, with a retention
 * time) only for the current epoch of a running execution; the same id again replaces the content. It travels on
 * the execution's partition ahead of the run's terminal event, so a result never links to a missing artifact.
 *
 * @param messageId     unique per record
 * @param occurredAt    when the operation saved it
 * @param executionId   the execution
 * @param epoch         the dispatch epoch
 * @param workerId      the worker-pool instance
 * @param artifactId    {@link dev.taskgate.contracts.artifact.ArtifactIds#id}; job-control recomputes and checks it
 * @param name          the file name shown to callers
 * @param mediaType     the content's media type
 * @param sha256        lower-case hex SHA-256 of the content
 * @param size          the content's length in bytes
 * @param key           the retention key unique within the workspace, or {@code null}
 * @param contentBase64 the content, base64 (at most {@link dev.taskgate.contracts.artifact.ArtifactRules#MAX_CONTENT_BYTES}
 *                      bytes decoded)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ArtifactSaved(
        @JsonProperty("messageId") UUID messageId,
        @JsonProperty("occurredAt") Instant occurredAt,
        @JsonProperty("executionId") UUID executionId,
        @JsonProperty("epoch") long epoch,
        @JsonProperty("workerId") String workerId,
        @JsonProperty("artifactId") String artifactId,
        @JsonProperty("name") String name,
        @JsonProperty("mediaType") String mediaType,
        @JsonProperty("sha256") String sha256,
        @JsonProperty("size") long size,
        @JsonProperty("key") String key,
        @JsonProperty("contentBase64") String contentBase64)
        implements WorkerEvent {

    public ArtifactSaved {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(workerId, "workerId");
        Objects.requireNonNull(artifactId, "artifactId");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(mediaType, "mediaType");
        Objects.requireNonNull(sha256, "sha256");
        Objects.requireNonNull(contentBase64, "contentBase64");
        if (size < 0) {
            throw new IllegalArgumentException("size must not be negative");
        }
    }

    @Override
    @JsonIgnore
    public Kind kind() {
        return Kind.ARTIFACT_SAVED;
    }
}
