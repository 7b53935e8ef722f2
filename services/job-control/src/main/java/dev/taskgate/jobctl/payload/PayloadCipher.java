package dev.taskgate.jobctl.payload;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

/**
 * Seals payloads at rest with AES-256-GCM under the {@link PayloadKeyRing}'s primary key and opens them under
 * whichever configured key sealed them.
 *
 * <p>Stored format, version 1: {@code 0x01 ‖ len(keyId) (1 byte) ‖ keyId (ASCII) ‖ nonce (12 random bytes) ‖
 * ciphertext ‖ tag (16 bytes)}. The associated data is {@code header ‖ executionId (16 bytes) ‖ kind label}, so
 * the header, the owning execution and the column are all authenticated: changing any stored byte, or presenting a
 * value under another execution id or kind, fails. Opening returns exactly the bytes that were sealed.
 */
public final class PayloadCipher {

    /** The first byte of every value in the current format. */
    public static final byte FORMAT_V1 = 1;

    private static final String TRANSFORMATION = "AES/GCM/NoPadding";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    private final PayloadKeyRing ring;
    private final SecureRandom random;

    /**
     * @param ring   the configured keys
     * @param random the nonce source; a fresh 96-bit nonce per sealed value
     */
    public PayloadCipher(PayloadKeyRing ring, SecureRandom random) {
        this.ring = Objects.requireNonNull(ring, "ring");
        this.random = Objects.requireNonNull(random, "random");
    }

    /** Seals {@code plaintext} for one execution and kind under the primary key. */
    public byte[] seal(UUID executionId, PayloadKind kind, byte[] plaintext) {
        byte[] header = header(ring.primaryId());
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION); // not thread-safe: one per call
            cipher.init(Cipher.ENCRYPT_MODE, ring.primaryKey(), new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(associatedData(header, executionId, kind));
            byte[] sealed = cipher.doFinal(plaintext);
            return ByteBuffer.allocate(header.length + NONCE_BYTES + sealed.length)
                    .put(header)
                    .put(nonce)
                    .put(sealed)
                    .array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is unavailable on this platform", e);
        }
    }

    /**
     * Opens a value sealed by {@link #seal} for the same execution and kind.
     *
     * @throws PayloadUnreadableException when the key id is not configured, the format is unknown, or the value,
     *                                    execution id or kind do not authenticate
     */
    public byte[] open(UUID executionId, PayloadKind kind, byte[] stored) {
        if (stored.length < 2 || stored[0] != FORMAT_V1) {
            throw new PayloadUnreadableException(
                    executionId, kind, null, "unknown stored format (expected version " + FORMAT_V1 + ")", null);
        }
        int idLength = Byte.toUnsignedInt(stored[1]);
        int headerLength = 2 + idLength;
        if (idLength == 0 || stored.length < headerLength + NONCE_BYTES + TAG_BITS / 8) {
            throw new PayloadUnreadableException(executionId, kind, null, "truncated value", null);
        }
        String keyId = new String(stored, 2, idLength, StandardCharsets.US_ASCII);
        Optional<SecretKey> key = ring.find(keyId);
        if (key.isEmpty()) {
            throw new PayloadUnreadableException(
                    executionId,
                    kind,
                    keyId,
                    "it was encrypted under key id '" + keyId + "', which is not configured in "
                            + PayloadKeyRing.CONFIG_KEY,
                    null);
        }
        byte[] header = Arrays.copyOfRange(stored, 0, headerLength);
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(
                    Cipher.DECRYPT_MODE, key.get(), new GCMParameterSpec(TAG_BITS, stored, headerLength, NONCE_BYTES));
            cipher.updateAAD(associatedData(header, executionId, kind));
            int offset = headerLength + NONCE_BYTES;
            return cipher.doFinal(stored, offset, stored.length - offset);
        } catch (AEADBadTagException e) {
            throw new PayloadUnreadableException(
                    executionId,
                    kind,
                    keyId,
                    "authentication failed (altered value, or it belongs to another execution or field)",
                    e);
        } catch (GeneralSecurityException e) {
            throw new PayloadUnreadableException(executionId, kind, keyId, "decryption failed", e);
        }
    }

    private static byte[] header(String keyId) {
        byte[] id = keyId.getBytes(StandardCharsets.US_ASCII);
        return ByteBuffer.allocate(2 + id.length)
                .put(FORMAT_V1)
                .put((byte) id.length)
                .put(id)
                .array();
    }

    private static byte[] associatedData(byte[] header, UUID executionId, PayloadKind kind) {
        byte[] label = kind.label();
        return ByteBuffer.allocate(header.length + 16 + label.length)
                .put(header)
                .putLong(executionId.getMostSignificantBits())
                .putLong(executionId.getLeastSignificantBits())
                .put(label)
                .array();
    }
}
