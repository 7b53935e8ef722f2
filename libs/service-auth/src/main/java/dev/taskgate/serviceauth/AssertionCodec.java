package dev.taskgate.serviceauth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Base64;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The wire form of a {@link CallerAssertion}: its claims as compact JSON, base64url without padding. */
final class AssertionCodec {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder B64_DECODER = Base64.getUrlDecoder();

    private AssertionCodec() {}

    static String encodeClaims(CallerAssertion a) {
        ObjectNode claims = JSON.createObjectNode()
                .put("iss", a.issuer())
                .put("kid", a.keyId())
                .put("aud", a.audience())
                .put("iat", a.issuedAt().getEpochSecond())
                .put("exp", a.expiresAt().getEpochSecond())
                .put("htm", a.method())
                .put("htu", a.target());
        putIfPresent(claims, "bh", a.bodyHash());
        putIfPresent(claims, "sub", a.principal());
        putIfPresent(claims, "ws", a.workspace());
        putIfPresent(claims, "route", a.route());
        try {
            return B64.encodeToString(JSON.writeValueAsBytes(claims));
        } catch (IOException e) {
            throw new IllegalStateException("claims cannot be written", e);
        }
    }

    static CallerAssertion decodeClaims(String encoded) throws InvalidAssertionException {
        JsonNode claims;
        try {
            claims = JSON.readTree(B64_DECODER.decode(encoded));
        } catch (IOException | IllegalArgumentException e) {
            throw new InvalidAssertionException("claims are not base64url JSON");
        }
        if (claims == null || !claims.isObject()) {
            throw new InvalidAssertionException("claims are not a JSON object");
        }
        return new CallerAssertion(
                text(claims, "iss", true),
                text(claims, "kid", true),
                text(claims, "aud", true),
                Instant.ofEpochSecond(seconds(claims, "iat")),
                Instant.ofEpochSecond(seconds(claims, "exp")),
                text(claims, "htm", true),
                text(claims, "htu", true),
                text(claims, "bh", false),
                text(claims, "sub", false),
                text(claims, "ws", false),
                text(claims, "route", false));
    }

    static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    static String encodeBytes(byte[] bytes) {
        return B64.encodeToString(bytes);
    }

    /**
     * Decodes a signature, accepting only its canonical form: the decoder ignores the unused low bits of the last
     * character, so without the round-trip check several strings would carry the same MAC (a malleable signature).
     */
    static byte[] decodeBytes(String encoded) throws InvalidAssertionException {
        byte[] bytes;
        try {
            bytes = B64_DECODER.decode(encoded);
        } catch (IllegalArgumentException e) {
            throw new InvalidAssertionException("signature is not base64url");
        }
        if (!B64.encodeToString(bytes).equals(encoded)) {
            throw new InvalidAssertionException("signature is not canonical base64url");
        }
        return bytes;
    }

    /** base64url SHA-256 of a request body; {@code null} when there is none (absent or empty). */
    static String bodyHash(byte[] body) {
        if (body == null || body.length == 0) {
            return null;
        }
        try {
            return B64.encodeToString(MessageDigest.getInstance("SHA-256").digest(body));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    private static void putIfPresent(ObjectNode claims, String name, String value) {
        if (value != null) {
            claims.put(name, value);
        }
    }

    private static String text(JsonNode claims, String name, boolean required) throws InvalidAssertionException {
        JsonNode value = claims.get(name);
        if (value == null || value.isNull()) {
            if (required) {
                throw new InvalidAssertionException("claim " + name + " is missing");
            }
            return null;
        }
        if (!value.isTextual() || value.asText().isEmpty()) {
            throw new InvalidAssertionException("claim " + name + " must be a non-empty string");
        }
        return value.asText();
    }

    private static long seconds(JsonNode claims, String name) throws InvalidAssertionException {
        JsonNode value = claims.get(name);
        if (value == null || !value.canConvertToExactIntegral() || !value.canConvertToLong()) {
            throw new InvalidAssertionException("claim " + name + " must be whole seconds since the epoch");
        }
        return value.asLong();
    }
}
