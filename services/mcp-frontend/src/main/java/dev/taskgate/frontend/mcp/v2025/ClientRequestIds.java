package dev.taskgate.frontend.mcp.v2025;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;
import dev.taskgate.frontend.FrontendConfig;

/**
 * The JSON-RPC ids of server-to-client requests ({@code elicitation/create}, {@code sampling/createMessage}) sent
 * inside a 2025-era session. The client may POST its response to any replica, so the id carries everything needed
 * to route it and is unforgeable: {@code tgq1.<payload>.<mac>}, the payload base64url JSON naming the execution,
 * the input request key, the request method, the session (its SHA-256, as job-control stores it) and an expiry; the
 * MAC HMAC-SHA256 over {@code tgq1.<payload>} with a key derived from the handle key, so every replica sharing the
 * handle key verifies it and no handle or {@code requestState} MAC ever passes as one. Signed, not encrypted: it
 * reveals only the internal execution id to the session that owns it.
 */
@Singleton
public class ClientRequestIds {
    private static final String VERSION = "tgq1";
    private static final String ALGORITHM = "HmacSHA256";
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getUrlDecoder();
    /** Longer than any execution lives (deadline at most 24 h): a late answer is still routed, and then ignored. */
    static final Duration LIFETIME = Duration.ofHours(25);
    /** Bounds the work spent on an id before its MAC is checked. */
    static final int MAX_LENGTH = 4096;

    /**
     * What an id names.
     *
     * @param executionId the execution waiting for the input
     * @param requestKey  the input request key job-control issued
     * @param method      the request's method ({@code elicitation/create} or {@code sampling/createMessage})
     */
    public record Target(UUID executionId, String requestKey, String method) {}

    private final SecretKeySpec key;
    private final Clock clock;

    @Inject
    ClientRequestIds(FrontendConfig config, Clock clock) {
        this(Base64.getDecoder().decode(config.handlesKey()), clock);
    }

    /** An instance over the handle key's bytes (every replica with the same key accepts the others' ids). */
    public ClientRequestIds(byte[] handlesKey, Clock clock) {
        this.key = new SecretKeySpec(
                hmac(
                        new SecretKeySpec(handlesKey, ALGORITHM),
                        "taskgate/mcp/client-request/v1".getBytes(StandardCharsets.UTF_8)),
                ALGORITHM);
        this.clock = clock;
    }

    /** A fresh id for a request of {@code sessionId} asking {@code target}. */
    public String mint(String sessionId, Target target) {
        ObjectNode payload = JsonNodeFactory.instance
                .objectNode()
                .put("s", Mcp2025Sessions.hash(sessionId))
                .put("e", target.executionId().toString())
                .put("k", target.requestKey())
                .put("m", target.method())
                .put("x", clock.instant().plus(LIFETIME).getEpochSecond());
        String signed;
        try {
            signed = VERSION + "." + B64.encodeToString(Wire.mapper().writeValueAsBytes(payload));
        } catch (IOException e) {
            throw new IllegalStateException("a client request id cannot be written", e);
        }
        return signed + "." + B64.encodeToString(hmac(key, signed.getBytes(StandardCharsets.US_ASCII)));
    }

    /**
     * What {@code id} names, when this server minted it for {@code sessionId} and it has not expired; empty for
     * anything else (not a string, malformed, forged, another session's, expired).
     */
    public Optional<Target> verify(JsonNode id, String sessionId) {
        if (id == null || !id.isTextual() || id.asText().length() > MAX_LENGTH) {
            return Optional.empty();
        }
        String[] parts = id.asText().split("\\.", -1);
        if (parts.length != 3 || !VERSION.equals(parts[0])) {
            return Optional.empty();
        }
        try {
            // compared in the canonical encoding: a MAC spelled differently (unused trailing bits) is not ours
            byte[] expected = B64.encodeToString(
                            hmac(key, (parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII)))
                    .getBytes(StandardCharsets.US_ASCII);
            if (!MessageDigest.isEqual(parts[2].getBytes(StandardCharsets.US_ASCII), expected)) {
                return Optional.empty();
            }
            JsonNode payload = Wire.mapper().readTree(B64D.decode(parts[1]));
            if (!Mcp2025Sessions.hash(sessionId).equals(payload.path("s").asText())
                    || Instant.ofEpochSecond(payload.path("x").asLong()).isBefore(clock.instant())) {
                return Optional.empty();
            }
            return Optional.of(new Target(
                    UUID.fromString(payload.path("e").asText()),
                    payload.path("k").asText(),
                    payload.path("m").asText()));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
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
