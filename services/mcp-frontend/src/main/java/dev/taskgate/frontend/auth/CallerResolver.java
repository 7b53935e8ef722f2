package dev.taskgate.frontend.auth;

import java.time.Clock;
import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.JsonWebToken;

import io.quarkus.security.AuthenticationFailedException;

import dev.taskgate.claims.InvalidClaimException;
import dev.taskgate.claims.TokenClaims;
import dev.taskgate.claims.WorkspaceGrants;

/**
 * Reads the verified token of the current request. SmallRye JWT has checked signature, issuer, audience, expiry and
 * age; the claims that become the caller are checked here ({@link TokenClaims}), so a token whose {@code sub},
 * {@code org_id}, {@code project_id}, {@code iat} or {@code workspaces} breaks the rules is refused like an invalid
 * one (401) before any of it reaches a header, a log line or a command.
 */
@ApplicationScoped
public class CallerResolver {
    private final JsonWebToken token;
    private final LocalPrincipal localPrincipal;
    private final Clock clock;
    private final Duration clockSkew;

    @Inject
    CallerResolver(
            JsonWebToken token,
            LocalPrincipal localPrincipal,
            Clock clock,
            @ConfigProperty(name = "mp.jwt.verify.clock.skew", defaultValue = "60") int clockSkewSeconds) {
        this.token = token;
        this.localPrincipal = localPrincipal;
        this.clock = clock;
        this.clockSkew = Duration.ofSeconds(clockSkewSeconds);
    }

    /** The caller for this org/project path, holding {@code tools:call}; 404 for another org/project, 403 without the scope. */
    public AuthenticatedCaller resolve(String pathOrg, String pathProject) {
        AuthenticatedCaller caller = resolveInPath(pathOrg, pathProject);
        caller.require(Scopes.TOOLS_CALL);
        return caller;
    }

    /**
     * The caller for this org/project path without any scope check (the operator routes check their own scopes, and
     * record a refusal before answering it): 404 for another org/project or one the {@code workspaces} claim does
     * not grant; 401 ({@code AuthenticationFailedException}) for a malformed {@code workspaces} claim.
     */
    public AuthenticatedCaller resolveInPath(String pathOrg, String pathProject) {
        checkClaims();
        return AuthenticatedCaller.forPath(
                token.getIssuer(),
                token.getSubject(),
                stringClaim("org_id"),
                stringClaim("project_id"),
                stringClaim("scope"),
                workspaceGrants(),
                pathOrg,
                pathProject);
    }

    /**
     * The principal ({@code Caller.principal()} form) of the verified token, for the audit log of a call that is
     * refused before a caller could be resolved; empty without a token or without {@code iss}/{@code sub}; 401
     * ({@code AuthenticationFailedException}) for a token whose claims break the rules.
     */
    public java.util.Optional<String> principal() {
        if (token.getRawToken() == null) {
            return java.util.Optional.empty();
        }
        checkClaims();
        if (token.getIssuer() == null || token.getSubject() == null) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(token.getIssuer() + " " + token.getSubject());
    }

    /**
     * The caller of an MCP request, its workspace taken from the token's {@code org_id}/{@code project_id}; empty for
     * an anonymous request (unless the {@link LocalPrincipal} serves it) or a token without those claims. Reading the token authenticates the request (proactive
     * authentication is off), so an invalid token throws {@code AuthenticationFailedException} here.
     */
    public java.util.Optional<AuthenticatedCaller> fromToken() {
        if (token.getRawToken() == null) {
            return localPrincipal.caller();
        }
        checkClaims();
        return AuthenticatedCaller.fromClaims(
                token.getIssuer(),
                token.getSubject(),
                stringClaim("org_id"),
                stringClaim("project_id"),
                stringClaim("scope"),
                workspaceGrants());
    }

    // A claim that breaks the rules makes the token unusable: 401 through the same path as any invalid token.
    private void checkClaims() {
        try {
            TokenClaims.check(token, clock.instant(), clockSkew);
        } catch (InvalidClaimException e) {
            throw new AuthenticationFailedException(e.getMessage());
        }
    }

    private java.util.Set<String> workspaceGrants() {
        try {
            return WorkspaceGrants.parse(token.getClaim(WorkspaceGrants.CLAIM)).orElse(null);
        } catch (InvalidClaimException e) {
            throw new AuthenticationFailedException(e.getMessage());
        }
    }

    private String stringClaim(String name) {
        return TokenClaims.string(token, name);
    }
}
