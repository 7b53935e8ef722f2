package dev.taskgate.frontend.auth;

import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import javax.crypto.SecretKey;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.JsonWebToken;

import io.smallrye.jwt.auth.principal.DefaultJWTParser;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;

import dev.taskgate.frontend.FrontendConfig;

/**
 * The parser SmallRye JWT verifies bearer tokens with: SmallRye's own, behind a {@link VerifiedTokens} cache for the
 * deployment's verification ({@link #parse(String)}), each token's claims read once ({@link RememberedClaims}); every
 * other entry point (explicit keys, decryption) goes straight to SmallRye's parser.
 */
@Alternative
@Priority(1)
@ApplicationScoped
public class CachingJwtParser implements JWTParser {
    private final DefaultJWTParser verifier;
    private final VerifiedTokens verified;
    private final Clock clock;

    @Inject
    CachingJwtParser(
            DefaultJWTParser verifier,
            FrontendConfig config,
            Clock clock,
            @ConfigProperty(name = "mp.jwt.verify.token.age") Optional<Long> maxTokenAgeSeconds) {
        this.verifier = verifier;
        this.clock = clock;
        this.verified = new VerifiedTokens(
                config.tokenCache().maxEntries(),
                config.tokenCache().maxAge(),
                maxTokenAgeSeconds.map(Duration::ofSeconds));
    }

    @Override
    public JsonWebToken parse(String token) throws ParseException {
        Optional<JsonWebToken> known = verified.find(token, clock.instant());
        if (known.isPresent()) {
            return known.get();
        }
        // a refused token throws here and is never remembered: every retry is verified again
        JsonWebToken parsed = new RememberedClaims(verifier.parse(token));
        verified.remember(token, parsed, clock.instant());
        return parsed;
    }

    @Override
    public JsonWebToken parse(String token, JWTAuthContextInfo context) throws ParseException {
        return verifier.parse(token, context);
    }

    @Override
    public JsonWebToken verify(String token, PublicKey key) throws ParseException {
        return verifier.verify(token, key);
    }

    @Override
    public JsonWebToken verify(String token, SecretKey key) throws ParseException {
        return verifier.verify(token, key);
    }

    @Override
    public JsonWebToken verify(String token, String secret) throws ParseException {
        return verifier.verify(token, secret);
    }

    @Override
    public JsonWebToken decrypt(String token, PrivateKey key) throws ParseException {
        return verifier.decrypt(token, key);
    }

    @Override
    public JsonWebToken decrypt(String token, SecretKey key) throws ParseException {
        return verifier.decrypt(token, key);
    }

    @Override
    public JsonWebToken decrypt(String token, String secret) throws ParseException {
        return verifier.decrypt(token, secret);
    }

    @Override
    public JsonWebToken parseOnly(String token) throws ParseException {
        return verifier.parseOnly(token);
    }
}
