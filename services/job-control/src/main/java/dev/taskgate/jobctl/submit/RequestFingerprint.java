package dev.taskgate.jobctl.submit;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What a receipt binds its key to: SHA-256 over the canonical JSON ({@link CanonicalJson}) of
 * {@code {tool, toolVersion, input}}. Two submissions with one receipt key are the same request exactly when their
 * fingerprints are equal, whatever their key order, whitespace or number spelling.
 */
public final class RequestFingerprint {

    private RequestFingerprint() {}

    /** The 32-byte fingerprint of a request. */
    public static byte[] of(String tool, String toolVersion, JsonNode input) {
        ObjectNode request = JsonNodeFactory.instance.objectNode();
        request.put("tool", tool);
        request.put("toolVersion", toolVersion);
        request.set("input", input);
        return sha256(CanonicalJson.write(request).getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
