package dev.taskgate.contracts.artifact;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Deterministic artifact ids and paths, computed alike by worker-pool (which returns them to the operation at once)
 * and job-control (which stores under them and refuses an event whose id does not match). Saving the same artifact
 * again, from a retry or a replacement, lands on the same id.
 * <ul>
 * <li>with a retention key: the id depends on the workspace and the key only, so the key names one artifact of
 * the workspace and a later save under it replaces the content (latest wins);</li>
 * <li>without one: on the workspace, the content hash and the name (content-addressed).</li>
 * </ul>
 */
public final class ArtifactIds {
    private static final String DOMAIN = "taskgate.artifact.v1";
    /** Ids are 32 lower-case hex characters (128 bits of SHA-256). */
    public static final String ID_PATTERN = "[0-9a-f]{32}";

    private ArtifactIds() {}

    /**
     * @param workspace {@code <org>/<project>}
     * @param key       the retention key, if any
     * @param sha256    lower-case hex SHA-256 of the content
     * @param name      the artifact's name
     */
    public static String id(String workspace, Optional<String> key, String sha256, String name) {
        String material = key.map(k -> DOMAIN + "\nkey\n" + workspace + "\n" + k)
                .orElseGet(() -> DOMAIN + "\ncontent\n" + workspace + "\n" + sha256 + "\n" + name);
        return sha256Hex(material.getBytes(StandardCharsets.UTF_8)).substring(0, 32);
    }

    /** The caller-facing REST path of an artifact: {@code /v1/orgs/{org}/projects/{project}/artifacts/{id}}. */
    public static String path(String workspace, String id) {
        int slash = workspace.indexOf('/');
        return "/v1/orgs/" + workspace.substring(0, slash) + "/projects/" + workspace.substring(slash + 1)
                + "/artifacts/" + id;
    }

    /** Lower-case hex SHA-256 of {@code content}. */
    public static String sha256Hex(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
