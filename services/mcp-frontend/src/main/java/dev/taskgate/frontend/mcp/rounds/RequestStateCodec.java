package dev.taskgate.frontend.mcp.rounds;

import java.io.IOException;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;

/**
 * Writes and verifies {@code requestState}: {@code v1.<payload>.<mac>}, the payload base64url JSON, the MAC
 * HMAC-SHA256 over {@code v1.<payload>}. MCP 2026-07-28 §10 treats the state as attacker-controlled, so it is bound
 * to principal, workspace, tool, arguments digest, round and an expiry; it is signed, not encrypted (it only
 * carries the client's own answers).
 */
public final class RequestStateCodec {
    private static final String VERSION = "v1";
    private static final String ALGORITHM = "HmacSHA256";
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getUrlDecoder();
    /** Bounds the work spent on a state before its MAC is checked. */
    static final int MAX_LENGTH = 1 << 20;

    private final SecretKeySpec key;

    /** @param key at least 32 bytes */
    public RequestStateCodec(byte[] key) {
        if (key.length < 32) {
            throw new IllegalArgumentException("the requestState key needs at least 32 bytes");
        }
        this.key = new SecretKeySpec(key.clone(), ALGORITHM);
    }

    /**
     * A key of its own derived from the handle key, so that a handle MAC can never pass as a state MAC (and no
     * second secret has to be distributed to every replica).
     */
    public static RequestStateCodec derivedFrom(String base64HandlesKey) {
        byte[] handlesKey = Base64.getDecoder().decode(base64HandlesKey);
        return new RequestStateCodec(
                hmac(new SecretKeySpec(handlesKey, ALGORITHM), ArgumentsDigest.utf8("taskgate/mcp/request-state/v1")));
    }

    /** The token for {@code state}. */
    public String encode(RequestState state) {
        ObjectNode payload = JsonNodeFactory.instance
                .objectNode()
                .put("p", state.binding().principal())
                .put("w", state.binding().workspace())
                .put("t", state.binding().tool())
                .put("a", state.binding().argumentsDigest())
                .put("r", state.round())
                .put("x", state.expiresAt());
        payload.set("ans", state.answers());
        String signed;
        try {
            signed = VERSION + "." + B64.encodeToString(Wire.mapper().writeValueAsBytes(payload));
        } catch (IOException e) {
            throw new IllegalStateException("requestState cannot be written", e);
        }
        return signed + "." + B64.encodeToString(hmac(key, ArgumentsDigest.utf8(signed)));
    }

    /**
     * The state in {@code token}, if its MAC verifies, it has not expired at {@code now} and it belongs to
     * {@code expected}.
     *
     * @throws InvalidRequestStateException otherwise
     */
    public RequestState decode(String token, RequestState.Binding expected, Instant now) {
        if (token.length() > MAX_LENGTH) {
            throw new InvalidRequestStateException("requestState is not one this server issued.");
        }
        int last = token.lastIndexOf('.');
        if (!token.startsWith(VERSION + ".") || last <= VERSION.length()) {
            throw new InvalidRequestStateException("requestState is not one this server issued.");
        }
        String signed = token.substring(0, last);
        byte[] mac;
        byte[] payloadBytes;
        try {
            mac = canonicalBytes(token.substring(last + 1));
            payloadBytes = B64D.decode(signed.substring(VERSION.length() + 1));
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestStateException("requestState is not one this server issued.");
        }
        if (!MessageDigest.isEqual(mac, hmac(key, ArgumentsDigest.utf8(signed)))) {
            throw new InvalidRequestStateException("requestState failed its integrity check.");
        }
        JsonNode payload;
        try {
            payload = Wire.mapper().readTree(payloadBytes);
        } catch (IOException e) {
            throw new InvalidRequestStateException("requestState is not one this server issued.");
        }
        if (payload == null
                || !payload.path("ans").isObject()
                || !payload.path("r").canConvertToInt()
                || !payload.path("x").canConvertToLong()) {
            throw new InvalidRequestStateException("requestState is not one this server issued.");
        }
        RequestState.Binding binding = new RequestState.Binding(
                payload.path("p").asText(),
                payload.path("w").asText(),
                payload.path("t").asText(),
                payload.path("a").asText());
        if (!binding.equals(expected)) {
            throw new InvalidRequestStateException(
                    "requestState belongs to another request: repeat the same tool and arguments, or start again "
                            + "without requestState.");
        }
        long expiresAt = payload.path("x").asLong();
        if (now.toEpochMilli() >= expiresAt) {
            throw new InvalidRequestStateException("requestState expired: start the call again without it.");
        }
        return new RequestState(binding, payload.path("r").asInt(), expiresAt, (ObjectNode) payload.get("ans"));
    }

    /** Only the canonical spelling of the MAC: the decoder alone ignores the unused bits of its last character. */
    private static byte[] canonicalBytes(String encoded) {
        byte[] bytes = B64D.decode(encoded);
        if (!B64.encodeToString(bytes).equals(encoded)) {
            throw new IllegalArgumentException("not canonical base64url");
        }
        return bytes;
    }

    private static byte[] hmac(SecretKeySpec key, byte[] data) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac.doFinal(data);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HMAC-SHA256 unavailable", e);
        }
    }
}
