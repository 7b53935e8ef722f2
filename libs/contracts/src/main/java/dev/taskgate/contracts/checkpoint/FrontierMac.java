package dev.taskgate.contracts.checkpoint;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The MAC of a {@link FrontierCheckpoint}: HMAC-SHA256 under the deployment's checkpoint key over
 * {@code executionId (16 bytes) ‖ sequence (8 bytes) ‖ len(revision) (4 bytes) ‖ revision (UTF-8) ‖ frontier
 * (UTF-8)}. The epoch is not part of it: a frontier stays valid for the replacement under the next epoch. Part of the
 * wire contract, so job-control (which makes it) and worker-pool (which checks it) cannot disagree.
 */
public final class FrontierMac {
    /** The minimum key length in bytes. */
    public static final int MIN_KEY_BYTES = 32;

    private final SecretKeySpec key;

    private FrontierMac(byte[] key) {
        this.key = new SecretKeySpec(key, "HmacSHA256");
    }

    /**
     * @param base64Key the checkpoint key, base64, at least {@value #MIN_KEY_BYTES} bytes
     * @throws IllegalArgumentException when it is not base64 or too short
     */
    public static FrontierMac fromBase64(String base64Key) {
        byte[] key = Base64.getDecoder().decode(base64Key.trim());
        if (key.length < MIN_KEY_BYTES) {
            throw new IllegalArgumentException("the checkpoint key must be at least " + MIN_KEY_BYTES + " bytes");
        }
        return new FrontierMac(key);
    }

    /** The MAC, {@code hmac-sha256:<hex>}. */
    public String mac(UUID executionId, long sequence, String revision, String frontier) {
        byte[] rev = revision.getBytes(StandardCharsets.UTF_8);
        byte[] front = frontier.getBytes(StandardCharsets.UTF_8);
        byte[] message = ByteBuffer.allocate(16 + 8 + 4 + rev.length + front.length)
                .putLong(executionId.getMostSignificantBits())
                .putLong(executionId.getLeastSignificantBits())
                .putLong(sequence)
                .putInt(rev.length)
                .put(rev)
                .put(front)
                .array();
        try {
            Mac hmac = Mac.getInstance("HmacSHA256"); // not thread-safe: one per call
            hmac.init(key);
            return "hmac-sha256:" + HexFormat.of().formatHex(hmac.doFinal(message));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is unavailable", e);
        }
    }

    /** Whether {@code checkpoint} was made with this key for {@code executionId} (constant-time comparison). */
    public boolean verifies(UUID executionId, FrontierCheckpoint checkpoint) {
        String expected = mac(executionId, checkpoint.sequence(), checkpoint.revision(), checkpoint.frontier());
        return MessageDigest.isEqual(
                expected.getBytes(StandardCharsets.US_ASCII), checkpoint.mac().getBytes(StandardCharsets.US_ASCII));
    }
}
