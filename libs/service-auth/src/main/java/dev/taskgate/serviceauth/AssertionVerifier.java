package dev.taskgate.serviceauth;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.SecretKey;

/**
 * Verifies the {@link CallerAssertion} of one incoming internal request: a known issuer and key id, a valid
 * HMAC-SHA256 under that issuer's key, this service as audience, a validity window no longer than {@link #MAX_LIFETIME} that contains now
 * (within {@code skew}), and the request it names is this request (method, raw target, body hash). Thread-safe.
 */
public final class AssertionVerifier {
    /** The longest validity an assertion may claim; a signer asking for more is not trusted. */
    public static final Duration MAX_LIFETIME = Duration.ofMinutes(5);
    /** Longer headers are refused before any decoding. */
    static final int MAX_LENGTH = 16 * 1024;

    private final String audience;
    private final Map<String, Map<String, SecretKey>> trusted;
    private final Clock clock;
    private final Duration skew;

    /**
     * A verifier on the system clock (UTC): assertions are checked against real time, as their signers made them.
     *
     * @param audience this service's name
     * @param trusted  issuer → key id → key ({@link ServiceKeys#trustedKeys})
     * @param skew     how far the signer's clock may be off
     */
    public AssertionVerifier(String audience, Map<String, Map<String, SecretKey>> trusted, Duration skew) {
        this(audience, trusted, Clock.systemUTC(), skew);
    }

    /** As {@link #AssertionVerifier(String, Map, Duration)}, on {@code clock}. */
    public AssertionVerifier(String audience, Map<String, Map<String, SecretKey>> trusted, Clock clock, Duration skew) {
        this.audience = audience;
        this.trusted = Map.copyOf(trusted);
        this.clock = clock;
        this.skew = skew;
    }

    /**
     * The verified assertion of a request.
     *
     * @param header the {@value CallerAssertion#HEADER} value, {@code null} when absent
     * @param target the raw path and query as received
     * @param body   the request body, {@code null} or empty when there is none
     * @throws InvalidAssertionException when anything does not hold; the reason is for the log only
     */
    public CallerAssertion verify(String header, String method, String target, byte[] body)
            throws InvalidAssertionException {
        if (header == null || header.isEmpty()) {
            throw new InvalidAssertionException("no " + CallerAssertion.HEADER + " header");
        }
        if (header.length() > MAX_LENGTH) {
            throw new InvalidAssertionException("the assertion is longer than " + MAX_LENGTH + " characters");
        }
        int dot = header.indexOf('.');
        if (dot <= 0 || dot != header.lastIndexOf('.') || dot == header.length() - 1) {
            throw new InvalidAssertionException("the assertion is not <claims>.<signature>");
        }
        String claims = header.substring(0, dot);
        CallerAssertion assertion = AssertionCodec.decodeClaims(claims);
        SecretKey key = trusted.getOrDefault(assertion.issuer(), Map.of()).get(assertion.keyId());
        if (key == null) {
            throw new InvalidAssertionException("unknown signer " + assertion.issuer() + " key " + assertion.keyId());
        }
        if (!signatureHolds(key, claims, AssertionCodec.decodeBytes(header.substring(dot + 1)))) {
            throw new InvalidAssertionException("the signature does not verify");
        }
        checkClaims(assertion, method, target, body);
        return assertion;
    }

    private void checkClaims(CallerAssertion assertion, String method, String target, byte[] body)
            throws InvalidAssertionException {
        if (!audience.equals(assertion.audience())) {
            throw new InvalidAssertionException("meant for " + assertion.audience() + ", not " + audience);
        }
        Instant now = clock.instant();
        if (assertion.issuedAt().isAfter(now.plus(skew))) {
            throw new InvalidAssertionException("issued in the future");
        }
        if (!assertion.expiresAt().isAfter(now.minus(skew))) {
            throw new InvalidAssertionException("expired");
        }
        if (Duration.between(assertion.issuedAt(), assertion.expiresAt()).compareTo(MAX_LIFETIME) > 0) {
            throw new InvalidAssertionException("valid for longer than " + MAX_LIFETIME);
        }
        if (!assertion.method().equals(method) || !assertion.target().equals(target)) {
            throw new InvalidAssertionException("signed for another request");
        }
        if (!Objects.equals(assertion.bodyHash(), AssertionCodec.bodyHash(body))) {
            throw new InvalidAssertionException("signed for another body");
        }
    }

    private static boolean signatureHolds(SecretKey key, String claims, byte[] signature) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return MessageDigest.isEqual(mac.doFinal(AssertionCodec.ascii(claims)), signature);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }
}
