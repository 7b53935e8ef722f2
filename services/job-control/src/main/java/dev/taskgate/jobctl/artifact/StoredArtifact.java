package dev.taskgate.jobctl.artifact;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import dev.taskgate.contracts.artifact.ArtifactIds;
import dev.taskgate.contracts.artifact.ArtifactMetadata;

/**
 * One row of {@code jobctl.artifact}, its content opened.
 *
 * @param createdBy the execution that saved it last
 */
public record StoredArtifact(
        String id,
        String orgId,
        String projectId,
        Optional<String> key,
        String name,
        String mediaType,
        String sha256,
        long size,
        byte[] content,
        UUID createdBy,
        Instant createdAt,
        Instant updatedAt,
        Instant expiresAt) {

    /** {@code <org>/<project>}. */
    public String workspace() {
        return orgId + "/" + projectId;
    }

    /** The caller-facing description. */
    public ArtifactMetadata metadata() {
        return new ArtifactMetadata(
                id,
                workspace(),
                name,
                mediaType,
                sha256,
                size,
                key.orElse(null),
                ArtifactIds.path(workspace(), id),
                createdAt,
                updatedAt,
                expiresAt);
    }

    /** The artifact id as the 128-bit value the cipher binds the content to. */
    public static UUID sealingId(String artifactId) {
        return new UUID(
                Long.parseUnsignedLong(artifactId.substring(0, 16), 16),
                Long.parseUnsignedLong(artifactId.substring(16, 32), 16));
    }
}
