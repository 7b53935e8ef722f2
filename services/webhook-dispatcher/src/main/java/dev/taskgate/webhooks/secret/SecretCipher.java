package dev.taskgate.webhooks.secret;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.UUID;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Encrypts signing secrets at rest with AES-256-GCM. Stored form: 12-byte random nonce ‖ ciphertext ‖ 16-byte tag.
 * The subscription id is the associated data, so a ciphertext copied to another subscription's row does not decrypt.
 */
public final class SecretCipher {
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    private final SecretKeySpec key;
    private final SecureRandom random;

    private SecretCipher(byte[] key, SecureRandom random) {
        this.key = new SecretKeySpec(key, "AES");
        this.random = random;
    }

    /**
     * A cipher for the configured key ({@code taskgate.webhooks.secret-key}): base64 of exactly 32 bytes, otherwise
     * {@link IllegalArgumentException} (the service refuses to start).
     */
    public static SecretCipher withBase64Key(String base64, SecureRandom random) {
        if (base64 == null || base64.isBlank()) {
            throw new IllegalArgumentException("taskgate.webhooks.secret-key is required (base64 of 32 bytes)");
        }
        byte[] raw;
        try {
            raw = Base64.getDecoder().decode(base64.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("taskgate.webhooks.secret-key is not valid base64", e);
        }
        if (raw.length != 32) {
            throw new IllegalArgumentException(
                    "taskgate.webhooks.secret-key must decode to 32 bytes, not " + raw.length);
        }
        return new SecretCipher(raw, random);
    }

    /** Encrypts the secret of this subscription. */
    public byte[] encrypt(UUID subscriptionId, SigningSecret secret) {
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(aad(subscriptionId));
            byte[] sealed = cipher.doFinal(secret.key());
            return ByteBuffer.allocate(NONCE_BYTES + sealed.length)
                    .put(nonce)
                    .put(sealed)
                    .array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM encryption failed", e);
        }
    }

    /** Decrypts; throws {@link IllegalStateException} when the bytes were altered, moved or use another key. */
    public SigningSecret decrypt(UUID subscriptionId, byte[] stored) {
        if (stored.length <= NONCE_BYTES) {
            throw new IllegalStateException("stored secret is truncated [subscriptionId=" + subscriptionId + "]");
        }
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, stored, 0, NONCE_BYTES));
            cipher.updateAAD(aad(subscriptionId));
            return SigningSecret.ofKey(cipher.doFinal(stored, NONCE_BYTES, stored.length - NONCE_BYTES));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(
                    "stored secret does not decrypt [subscriptionId=" + subscriptionId + "]", e);
        }
    }

    private static byte[] aad(UUID id) {
        return ByteBuffer.allocate(16)
                .putLong(id.getMostSignificantBits())
                .putLong(id.getLeastSignificantBits())
                .array();
    }
}
