package dev.taskgate.serviceauth;

import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * The HMAC-SHA256 keys of caller assertions as configured: base64 of at least {@value #MIN_KEY_BYTES} random bytes,
 * one per calling service. Key ids name a key inside a ring so that keys can be rotated: a receiver trusts several,
 * a signer uses one.
 */
public final class ServiceKeys {
    /** The shortest key accepted: the length of the HMAC-SHA256 output. */
    public static final int MIN_KEY_BYTES = 32;

    private ServiceKeys() {}

    /** A signing key {@code <keyId>:<base64 key>}. */
    public static SigningKey signingKey(String configured) {
        String[] parts = split(configured, "signing key");
        return new SigningKey(parts[0], secret(parts[1], "signing key " + parts[0]));
    }

    /**
     * Trusted keys {@code <issuer>:<keyId>:<base64 key>}, comma-separated; the same key id may not appear twice for
     * one issuer.
     */
    public static Map<String, Map<String, SecretKey>> trustedKeys(String configured) {
        Map<String, Map<String, SecretKey>> byIssuer = new LinkedHashMap<>();
        for (String entry : configured.split(",")) {
            String trimmed = entry.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            int first = trimmed.indexOf(':');
            if (first <= 0) {
                throw new IllegalArgumentException("trusted key entries are <issuer>:<keyId>:<base64 key>");
            }
            String issuer = trimmed.substring(0, first);
            String[] parts = split(trimmed.substring(first + 1), "trusted key of " + issuer);
            SecretKey key = secret(parts[1], "trusted key " + issuer + ":" + parts[0]);
            if (byIssuer.computeIfAbsent(issuer, i -> new LinkedHashMap<>()).put(parts[0], key) != null) {
                throw new IllegalArgumentException("trusted key " + issuer + ":" + parts[0] + " is listed twice");
            }
        }
        if (byIssuer.isEmpty()) {
            throw new IllegalArgumentException("no trusted key is configured");
        }
        return byIssuer;
    }

    private static SecretKey secret(String base64, String what) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + " is not base64", e);
        }
        if (bytes.length < MIN_KEY_BYTES) {
            throw new IllegalArgumentException(what + " has " + bytes.length + " bytes; at least " + MIN_KEY_BYTES);
        }
        return new SecretKeySpec(bytes, "HmacSHA256");
    }

    private static String[] split(String configured, String what) {
        int colon = configured == null ? -1 : configured.indexOf(':');
        if (colon <= 0 || colon == configured.length() - 1) {
            throw new IllegalArgumentException(what + " must be <keyId>:<base64 key>");
        }
        return new String[] {
            configured.substring(0, colon).strip(),
            configured.substring(colon + 1).strip()
        };
    }

    /** A key and the id a receiver knows it by. */
    public record SigningKey(String keyId, SecretKey key) {}
}
