package dev.taskgate.frontend.auth;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.jwt.JsonWebToken;

import io.quarkus.security.AuthenticationFailedException;

/** Reads the verified token of the current request (SmallRye JWT has already checked signature, issuer, audience and expiry). */
@ApplicationScoped
public class CallerResolver {
    /** The claim listing the workspaces the principal may use ({@link WorkspaceGrants}). */
    public static final String WORKSPACES_CLAIM = "workspaces";

    private final JsonWebToken token;
    private final LocalPrincipal localPrincipal;

    @Inject
    CallerResolver(JsonWebToken token, LocalPrincipal localPrincipal) {
        this.token = token;
        this.localPrincipal = localPrincipal;
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
     * refused before a caller could be resolved; empty without a token or without {@code iss}/{@code sub}.
     */
    public java.util.Optional<String> principal() {
        if (token.getRawToken() == null || token.getIssuer() == null || token.getSubject() == null) {
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
        return AuthenticatedCaller.fromClaims(
                token.getIssuer(),
                token.getSubject(),
                stringClaim("org_id"),
                stringClaim("project_id"),
                stringClaim("scope"),
                workspaceGrants());
    }

    // A malformed grant makes the token unusable: 401 through the same path as any invalid token.
    private java.util.Set<String> workspaceGrants() {
        try {
            return WorkspaceGrants.parse(token.getClaim(WORKSPACES_CLAIM)).orElse(null);
        } catch (WorkspaceGrants.MalformedClaimException e) {
            throw new AuthenticationFailedException("malformed " + WORKSPACES_CLAIM + " claim: " + e.getMessage());
        }
    }

    private String stringClaim(String name) {
        Object value = token.getClaim(name);
        if (value instanceof jakarta.json.JsonString) {
            return ((jakarta.json.JsonString) value).getString();
        }
        return value instanceof String ? (String) value : null;
    }
}
