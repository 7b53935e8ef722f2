package dev.taskgate.webhooks.auth;

import java.time.Clock;
import java.time.Duration;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.JsonWebToken;

import io.quarkus.security.AuthenticationFailedException;

import dev.taskgate.claims.InvalidClaimException;
import dev.taskgate.claims.TokenClaims;
import dev.taskgate.claims.WorkspaceGrants;

/**
 * Reads the verified token of the current request. SmallRye JWT has checked signature, issuer, audience, expiry and
 * age; the claims that become the caller are held to the same rules as at mcp-frontend ({@link TokenClaims},
 * {@link WorkspaceGrants}): a token breaking them is refused like an invalid one (401).
 */
@ApplicationScoped
public class CallerResolver {
    private final JsonWebToken token;
    private final Clock clock;
    private final Duration clockSkew;

    CallerResolver(
            JsonWebToken token,
            Clock clock,
            @ConfigProperty(name = "mp.jwt.verify.clock.skew", defaultValue = "60") int clockSkewSeconds) {
        this.token = token;
        this.clock = clock;
        this.clockSkew = Duration.ofSeconds(clockSkewSeconds);
    }

    /**
     * The caller for this org/project path holding {@code webhooks:admin}: 401 for claims that break the rules
     * (a malformed {@code workspaces} claim too), 404 for another org/project or one the {@code workspaces} claim does
     * not grant, 403 without the scope.
     */
    public ProjectCaller resolve(String pathOrg, String pathProject) {
        Set<String> grants;
        try {
            TokenClaims.check(token, clock.instant(), clockSkew);
            grants =
                    WorkspaceGrants.parse(token.getClaim(WorkspaceGrants.CLAIM)).orElse(null);
        } catch (InvalidClaimException e) {
            throw new AuthenticationFailedException(e.getMessage());
        }
        return ProjectCaller.forPath(
                token.getIssuer(),
                token.getSubject(),
                TokenClaims.string(token, "org_id"),
                TokenClaims.string(token, "project_id"),
                TokenClaims.string(token, "scope"),
                grants,
                pathOrg,
                pathProject,
                Scopes.WEBHOOKS_ADMIN);
    }
}
