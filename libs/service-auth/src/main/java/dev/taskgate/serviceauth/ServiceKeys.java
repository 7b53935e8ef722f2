package dev.taskgate.serviceauth;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Ed25519 keys as configured: a private key as base64 PKCS#8, a public key as base64 X.509 SubjectPublicKeyInfo
 * ({@code openssl genpkey -algorithm ed25519 -outform DER | base64}). Key ids name a key inside a ring so that keys
 * can be rotated: a receiver trusts several, a signer uses one.
 */
public final class ServiceKeys {
    private ServiceKeys() {}

    /** A signing key {@code <keyId>:<base64 PKCS#8>}. */
    public static SigningKey signingKey(String configured) {
        String[] parts = split(configured, "signing key");
        try {
            PrivateKey key = KeyFactory.getInstance("Ed25519")
                    .generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(parts[1])));
            return new SigningKey(parts[0], key);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException("signing key " + parts[0] + " is not a base64 Ed25519 PKCS#8 key", e);
        }
    }

    /**
     * Trusted verification keys {@code <issuer>:<keyId>:<base64 X.509>}, comma-separated; the same key id may not
     * appear twice for one issuer.
     */
    public static Map<String, Map<String, PublicKey>> trustedKeys(String configured) {
        Map<String, Map<String, PublicKey>> byIssuer = new LinkedHashMap<>();
        for (String entry : configured.split(",")) {
            String trimmed = entry.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            int first = trimmed.indexOf(':');
            if (first <= 0) {
                throw new IllegalArgumentException("trusted key entries are <issuer>:<keyId>:<base64 X.509 key>");
            }
            String issuer = trimmed.substring(0, first);
            String[] parts = split(trimmed.substring(first + 1), "trusted key of " + issuer);
            PublicKey key;
            try {
                key = KeyFactory.getInstance("Ed25519")
                        .generatePublic(
                                new X509EncodedKeySpec(Base64.getDecoder().decode(parts[1])));
            } catch (GeneralSecurityException | IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "trusted key " + issuer + ":" + parts[0] + " is not a base64 Ed25519 X.509 key", e);
            }
            if (byIssuer.computeIfAbsent(issuer, i -> new LinkedHashMap<>()).put(parts[0], key) != null) {
                throw new IllegalArgumentException("trusted key " + issuer + ":" + parts[0] + " is listed twice");
            }
        }
        if (byIssuer.isEmpty()) {
            throw new IllegalArgumentException("no trusted key is configured");
        }
        return byIssuer;
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

    /** A private key and the id a receiver knows its public half by. */
    public record SigningKey(String keyId, PrivateKey key) {}
}
