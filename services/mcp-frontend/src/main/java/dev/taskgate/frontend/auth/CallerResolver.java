package dev.taskgate.frontend.auth;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.jwt.JsonWebToken;

/** Reads the verified token of the current request (SmallRye JWT has already checked signature, issuer, audience and expiry). */
@ApplicationScoped
public class CallerResolver {
    private final JsonWebToken token;
    private final LocalPrincipal localPrincipal;

    @Inject
    CallerResolver(JsonWebToken token, LocalPrincipal localPrincipal) {
        this.token = token;
        this.localPrincipal = localPrincipal;
    }

    /** The caller for this org/project path, holding {@code tools:call}; 404 for another org/project, 403 without the scope. */
    public AuthenticatedCaller resolve(String pathOrg, String pathProject) {
        AuthenticatedCaller caller = AuthenticatedCaller.forPath(token.getIssuer(), token.getSubject(),
                stringClaim("org_id"), stringClaim("project_id"), stringClaim("scope"), pathOrg, pathProject);
        caller.require(Scopes.TOOLS_CALL);
        return caller;
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
        return AuthenticatedCaller.fromClaims(token.getIssuer(), token.getSubject(), stringClaim("org_id"),
                stringClaim("project_id"), stringClaim("scope"));
    }

    private String stringClaim(String name) {
        Object value = token.getClaim(name);
        if (value instanceof jakarta.json.JsonString) {
            return ((jakarta.json.JsonString) value).getString();
        }
        return value instanceof String ? (String) value : null;
    }
}
