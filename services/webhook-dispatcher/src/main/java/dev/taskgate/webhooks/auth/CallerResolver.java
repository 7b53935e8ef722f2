package dev.taskgate.webhooks.auth;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.jwt.JsonWebToken;

/** Reads the verified token of the current request (SmallRye JWT has checked signature, issuer, audience, expiry). */
@ApplicationScoped
public class CallerResolver {
    private final JsonWebToken token;

    CallerResolver(JsonWebToken token) {
        this.token = token;
    }

    /** The caller for this org/project path holding {@code webhooks:admin}; 404 for another org/project, 403 without the scope. */
    public ProjectCaller resolve(String pathOrg, String pathProject) {
        return ProjectCaller.forPath(
                token.getIssuer(),
                token.getSubject(),
                stringClaim("org_id"),
                stringClaim("project_id"),
                stringClaim("scope"),
                pathOrg,
                pathProject,
                Scopes.WEBHOOKS_ADMIN);
    }

    private String stringClaim(String name) {
        Object value = token.getClaim(name);
        if (value instanceof jakarta.json.JsonString) {
            return ((jakarta.json.JsonString) value).getString();
        }
        return value instanceof String ? (String) value : null;
    }
}
