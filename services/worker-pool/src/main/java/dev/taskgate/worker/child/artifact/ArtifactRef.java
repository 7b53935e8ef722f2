package dev.taskgate.worker.child.artifact;

/**
 * A saved artifact, as the operation may link it from its result.
 *
 * @param id        deterministic within the workspace (see {@code dev.taskgate.contracts.artifact.ArtifactIds}): saving
 *                  the same artifact again, e.g. from a retry or a replacement, returns the same id
 * @param name      the file name callers see
 * @param mediaType the content's media type
 * @param sha256    lower-case hex SHA-256 of the content (callers see it as the ETag)
 * @param size      content length in bytes
 * @param path      the caller-facing REST path {@code /v1/orgs/{org}/projects/{project}/artifacts/{id}}
 * @param uri       where callers fetch it, for MCP {@code resource_link.uri}: the worker's configured public base URL
 *                  ({@code taskgate.worker.artifacts.public-base-url}) plus {@code path}, or {@code path} alone when
 *                  none is configured
 */
public record ArtifactRef(String id, String name, String mediaType, String sha256, long size, String path, String uri) {

    /** A reference whose {@code uri} is its {@code path}. */
    public ArtifactRef(String id, String name, String mediaType, String sha256, long size, String path) {
        this(id, name, mediaType, sha256, size, path, path);
    }
}
