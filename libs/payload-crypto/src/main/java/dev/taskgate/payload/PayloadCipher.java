package dev.taskgate.payload;

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
 * Seals payloads with AES-256-GCM under the {@link PayloadKeyRing}'s primary key and opens them under whichever
 * configured key sealed them: job-control's stored payloads, and the payload members of Kafka records
 * ({@link RecordPayloads}, which carries the same bytes as a JSON envelope).
 *
 * <p>Sealed format, version 1: {@code 0x01 ‖ len(keyId) (1 byte) ‖ keyId (ASCII) ‖ nonce (12 random bytes) ‖
 * ciphertext ‖ tag (16 bytes)}. The associated data is {@code header ‖ subject id (16 bytes) ‖ role label}, so the
 * header, the owning execution and the role (column or record member) are all authenticated: changing any sealed
 * byte, or presenting a value under another id or role, fails. Opening returns exactly the bytes that were sealed.
 */
public final class PayloadCipher {

    /** The first byte of every value in the current format. */
    public static final byte FORMAT_V1 = 1;

    private static final String TRANSFORMATION = "AES/GCM/NoPadding";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    /**
     * A {@link Cipher} is not thread-safe, and looking one up ({@code Cipher.getInstance}: providers, the JCE's
     * checks) cost more CPU in the services' profiles than the sealing itself; each thread keeps one, and every use
     * initialises it afresh with its key and nonce.
     */
    private static final ThreadLocal<Cipher> CIPHERS = ThreadLocal.withInitial(PayloadCipher::newCipher);

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

    /** Seals {@code plaintext} for one subject (an execution id) and role under the primary key. */
    public byte[] seal(UUID executionId, PayloadRole role, byte[] plaintext) {
        byte[] header = header(ring.primaryId());
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            Cipher cipher = CIPHERS.get();
            cipher.init(Cipher.ENCRYPT_MODE, ring.primaryKey(), new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(associatedData(header, executionId, role));
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
     * Opens a value sealed by {@link #seal} for the same subject and role.
     *
     * @throws PayloadUnreadableException when the key id is not configured, the format is unknown, or the value,
     *                                    subject or role do not authenticate
     */
    public byte[] open(UUID executionId, PayloadRole role, byte[] stored) {
        if (stored.length < 2 || stored[0] != FORMAT_V1) {
            throw new PayloadUnreadableException(
                    executionId,
                    role.describe(),
                    null,
                    "unknown stored format (expected version " + FORMAT_V1 + ")",
                    null);
        }
        int idLength = Byte.toUnsignedInt(stored[1]);
        int headerLength = 2 + idLength;
        if (idLength == 0 || stored.length < headerLength + NONCE_BYTES + TAG_BITS / 8) {
            throw new PayloadUnreadableException(executionId, role.describe(), null, "truncated value", null);
        }
        String keyId = new String(stored, 2, idLength, StandardCharsets.US_ASCII);
        Optional<SecretKey> key = ring.find(keyId);
        if (key.isEmpty()) {
            throw new PayloadUnreadableException(
                    executionId,
                    role.describe(),
                    keyId,
                    "it was encrypted under key id '" + keyId + "', which is not configured in " + ring.configKey(),
                    null);
        }
        byte[] header = Arrays.copyOfRange(stored, 0, headerLength);
        try {
            Cipher cipher = CIPHERS.get();
            cipher.init(
                    Cipher.DECRYPT_MODE, key.get(), new GCMParameterSpec(TAG_BITS, stored, headerLength, NONCE_BYTES));
            cipher.updateAAD(associatedData(header, executionId, role));
            int offset = headerLength + NONCE_BYTES;
            return cipher.doFinal(stored, offset, stored.length - offset);
        } catch (AEADBadTagException e) {
            throw new PayloadUnreadableException(
                    executionId,
                    role.describe(),
                    keyId,
                    "authentication failed (altered value, or it belongs to another execution or field)",
                    e);
        } catch (GeneralSecurityException e) {
            throw new PayloadUnreadableException(executionId, role.describe(), keyId, "decryption failed", e);
        }
    }

    private static Cipher newCipher() {
        try {
            return Cipher.getInstance(TRANSFORMATION);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is unavailable on this platform", e);
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

    private static byte[] associatedData(byte[] header, UUID executionId, PayloadRole role) {
        byte[] label = role.associatedLabel();
        return ByteBuffer.allocate(header.length + 16 + label.length)
                .put(header)
                .putLong(executionId.getMostSignificantBits())
                .putLong(executionId.getLeastSignificantBits())
                .put(label)
                .array();
    }
}
