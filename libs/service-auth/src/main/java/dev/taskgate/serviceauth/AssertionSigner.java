package dev.taskgate.serviceauth;

import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import javax.crypto.Mac;

/**
 * Signs the {@link CallerAssertion} of one outgoing internal request with the calling service's own key
 * (HMAC-SHA256). Short
 * lived ({@link #LIFETIME}) and bound to the request's method, target and body, so a captured header is worth
 * nothing for another request and little for long. Thread-safe.
 */
public final class AssertionSigner {
    /** How long an assertion is valid; a request is sent right after signing. */
    public static final Duration LIFETIME = Duration.ofSeconds(60);

    private final String issuer;
    private final String audience;
    private final ServiceKeys.SigningKey key;
    private final Clock clock;

    /**
     * @param issuer   the calling service ({@code mcp-frontend}, {@code worker-pool})
     * @param audience the service called ({@code job-control})
     */
    public AssertionSigner(String issuer, String audience, ServiceKeys.SigningKey key, Clock clock) {
        this.issuer = issuer;
        this.audience = audience;
        this.key = key;
        this.clock = clock;
    }

    /**
     * The header value for a request.
     *
     * @param target    the raw path and query as sent ({@code /internal/v1/executions/…?limit=5})
     * @param body      the request body; {@code null} or empty when there is none
     * @param principal the end user, {@code null} for the service's own call
     * @param workspace the call's workspace, or {@code null}
     * @param route     the public route of an operator call, or {@code null}
     */
    public String sign(String method, String target, byte[] body, String principal, String workspace, String route) {
        Instant now = clock.instant();
        CallerAssertion assertion = new CallerAssertion(
                issuer,
                key.keyId(),
                audience,
                now,
                now.plus(LIFETIME),
                method,
                target,
                AssertionCodec.bodyHash(body),
                principal,
                workspace,
                route);
        String claims = AssertionCodec.encodeClaims(assertion);
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key.key());
            return claims + "." + AssertionCodec.encodeBytes(mac.doFinal(AssertionCodec.ascii(claims)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 unavailable", e);
        }
    }
}
