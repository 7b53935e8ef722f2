package dev.taskgate.operation.api;

/**
 * A saved artifact, as callers find it.
 *
 * @param uri where callers download it (for an MCP {@code resource_link})
 * @param name the file name
 * @param mediaType its media type
 * @param size its length in bytes
 */
public record ArtifactLink(String uri, String name, String mediaType, long size) {}
