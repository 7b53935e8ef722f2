package dev.taskgate.claims;

import java.time.Duration;
import java.time.Instant;

/**
 * A token may not claim to be issued in the future beyond the allowed clock skew. SmallRye JWT bounds a token's age
 * ({@code mp.jwt.verify.token.age}) but accepts any future {@code iat}, which would let a token outlive that bound.
 */
public final class IssuedAt {
    private IssuedAt() {}

    /**
     * @param issuedAt the token's {@code iat}; {@code null} when absent (the age check, which requires it, refuses
     *                 such a token first)
     * @throws InvalidClaimException when {@code issuedAt} is later than {@code now + skew}
     */
    public static void check(Instant issuedAt, Instant now, Duration skew) {
        if (issuedAt != null && issuedAt.isAfter(now.plus(skew))) {
            throw new InvalidClaimException("iat", "lies in the future beyond the allowed clock skew");
        }
    }
}
