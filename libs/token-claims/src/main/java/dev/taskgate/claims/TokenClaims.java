package dev.taskgate.claims;

import java.time.Duration;
import java.time.Instant;

import jakarta.json.JsonNumber;
import jakarta.json.JsonString;

import org.eclipse.microprofile.jwt.JsonWebToken;

/** Reads a verified token's claims the way both edges do, and holds them to {@link IdentityClaims} and {@link IssuedAt}. */
public final class TokenClaims {
    private TokenClaims() {}

    /**
     * Checks {@code sub}, {@code org_id}, {@code project_id} and {@code iat} of a token whose signature, issuer,
     * audience, expiry and age the JWT library has verified.
     *
     * @throws InvalidClaimException naming the first claim that breaks a rule
     */
    public static void check(JsonWebToken token, Instant now, Duration clockSkew) {
        IdentityClaims.check(token.getSubject(), string(token, "org_id"), string(token, "project_id"));
        Object iat = token.getClaim("iat");
        if (iat instanceof JsonNumber) {
            iat = ((JsonNumber) iat).longValue();
        }
        IssuedAt.check(
                iat instanceof Number ? Instant.ofEpochSecond(((Number) iat).longValue()) : null, now, clockSkew);
    }

    /** A string claim; {@code null} when absent or not a string. */
    public static String string(JsonWebToken token, String name) {
        Object value = token.getClaim(name);
        if (value instanceof JsonString) {
            return ((JsonString) value).getString();
        }
        return value instanceof String ? (String) value : null;
    }
}
