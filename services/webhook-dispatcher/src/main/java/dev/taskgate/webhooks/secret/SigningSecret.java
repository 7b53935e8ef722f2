package dev.taskgate.webhooks.secret;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;

/**
 * A subscription's symmetric signing key (Standard Webhooks §2.2): 24–64 random bytes, shown to the subscriber
 * once as {@code whsec_} + standard base64. Never logged; {@link #toString()} hides it.
 */
public final class SigningSecret {
    /** Prefix of the serialised form. */
    public static final String PREFIX = "whsec_";
    /** Key size of newly generated secrets. */
    public static final int GENERATED_BYTES = 32;

    static final int MIN_BYTES = 24;
    static final int MAX_BYTES = 64;

    private final byte[] key;

    private SigningSecret(byte[] key) {
        if (key.length < MIN_BYTES || key.length > MAX_BYTES) {
            throw new IllegalArgumentException("a signing key has 24 to 64 bytes, not " + key.length);
        }
        this.key = key.clone();
    }

    /** A fresh random secret. */
    public static SigningSecret generate(SecureRandom random) {
        byte[] key = new byte[GENERATED_BYTES];
        random.nextBytes(key);
        return new SigningSecret(key);
    }

    /** The raw key bytes (e.g. decrypted from storage). */
    public static SigningSecret ofKey(byte[] key) {
        return new SigningSecret(key);
    }

    /** Parses {@code whsec_<base64>} (or the bare base64 form, as the reference libraries accept). */
    public static SigningSecret parse(String serialised) {
        String base64 = serialised.startsWith(PREFIX) ? serialised.substring(PREFIX.length()) : serialised;
        return new SigningSecret(Base64.getDecoder().decode(base64));
    }

    /** The raw key bytes (a copy). */
    public byte[] key() {
        return key.clone();
    }

    /** The form shown to the subscriber once: {@code whsec_} + standard base64. */
    public String serialise() {
        return PREFIX + Base64.getEncoder().encodeToString(key);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SigningSecret && Arrays.equals(key, ((SigningSecret) o).key);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(key);
    }

    @Override
    public String toString() {
        return "SigningSecret[***]";
    }
}
