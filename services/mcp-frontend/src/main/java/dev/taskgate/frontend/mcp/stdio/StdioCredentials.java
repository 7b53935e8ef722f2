package dev.taskgate.frontend.mcp.stdio;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jboss.logging.Logger;

import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;

import dev.taskgate.claims.InvalidClaimException;
import dev.taskgate.claims.TokenClaims;
import dev.taskgate.claims.WorkspaceGrants;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.auth.Scopes;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.problem.ProblemException;

/**
 * The caller of stdio requests: the JWT from {@code TASKGATE_TOKEN}, verified by the same SmallRye JWT settings as
 * an HTTP bearer token (key, issuer, audience, expiry) and checked again for every request (MCP 2026-07-28 §5), so
 * an expired token stops being served while the process runs. Its claims meet the same rules as over HTTP
 * ({@link TokenClaims}, {@link WorkspaceGrants}).
 */
@Singleton
class StdioCredentials {
    private static final Logger LOG = Logger.getLogger(StdioCredentials.class);

    private final JWTParser parser;
    private final Optional<String> token;
    private final Clock clock;
    private final Duration clockSkew;

    StdioCredentials(
            JWTParser parser,
            FrontendConfig config,
            Clock clock,
            @ConfigProperty(name = "mp.jwt.verify.clock.skew", defaultValue = "60") int clockSkewSeconds) {
        this.parser = parser;
        this.clock = clock;
        this.clockSkew = Duration.ofSeconds(clockSkewSeconds);
        this.token = config.stdio().token().filter(t -> !t.isBlank()).map(String::trim);
    }

    /** The verified caller holding {@code tools:call}; an {@link dev.taskgate.frontend.mcp.McpException} otherwise. */
    AuthenticatedCaller authenticate() {
        return authenticate(token);
    }

    /** The same for another token (a connection a test drives in-process). */
    AuthenticatedCaller authenticate(String token) {
        return authenticate(Optional.ofNullable(token).filter(t -> !t.isBlank()).map(String::trim));
    }

    private AuthenticatedCaller authenticate(Optional<String> token) {
        if (token.isEmpty()) {
            throw McpErrors.unauthenticated("No credentials: set TASKGATE_TOKEN to a bearer token (JWT).");
        }
        JsonWebToken jwt;
        try {
            jwt = parser.parse(token.get());
        } catch (ParseException e) {
            LOG.debugf("stdio authentication failed reason=%s", e.getMessage());
            throw McpErrors.unauthenticated("The token in TASKGATE_TOKEN is invalid or expired.");
        }
        java.util.Set<String> grants;
        try {
            TokenClaims.check(jwt, clock.instant(), clockSkew);
            grants = WorkspaceGrants.parse(jwt.getClaim(WorkspaceGrants.CLAIM)).orElse(null);
        } catch (InvalidClaimException e) {
            LOG.debugf("stdio authentication failed reason=%s", e.getMessage());
            throw McpErrors.unauthenticated("The token in TASKGATE_TOKEN is invalid or expired.");
        }
        AuthenticatedCaller caller = AuthenticatedCaller.fromClaims(
                        jwt.getIssuer(),
                        jwt.getSubject(),
                        TokenClaims.string(jwt, "org_id"),
                        TokenClaims.string(jwt, "project_id"),
                        TokenClaims.string(jwt, "scope"),
                        grants)
                .orElseThrow(() -> McpErrors.unauthenticated(
                        "The token in TASKGATE_TOKEN lacks org_id or project_id, or its workspaces claim does not"
                                + " grant them."));
        try {
            caller.require(Scopes.TOOLS_CALL);
        } catch (ProblemException e) {
            throw McpErrors.forbidden("The token does not grant the scope " + Scopes.TOOLS_CALL + ".");
        }
        return caller;
    }
}
