package dev.taskgate.frontend.auth;

import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

import dev.taskgate.contracts.Caller;
import dev.taskgate.frontend.problem.ProblemKind;
import dev.taskgate.frontend.problem.Problems;

/**
 * A verified token's caller together with its granted scopes.
 *
 * @param caller the identity commands and queries carry
 * @param scopes the granted scopes
 */
public record AuthenticatedCaller(Caller caller, Set<String> scopes) {

    public AuthenticatedCaller {
        Objects.requireNonNull(caller, "caller");
        scopes = Set.copyOf(scopes);
    }

    /**
     * The caller of a request to {@code /v1/orgs/{org}/projects/{project}/…}, from the token's claims.
     * A token for another org or project, or without them, gets the uniform 404: it must not learn whether
     * the path names anything.
     */
    public static AuthenticatedCaller forPath(String issuer, String subject, String orgClaim, String projectClaim,
            String scopeClaim, String pathOrg, String pathProject) {
        if (issuer == null || subject == null || orgClaim == null || projectClaim == null
                || !orgClaim.equals(pathOrg) || !projectClaim.equals(pathProject)) {
            throw Problems.notFound();
        }
        Set<String> scopes = scopeClaim == null ? Set.of()
                : Arrays.stream(scopeClaim.trim().split("\\s+")).filter(s -> !s.isEmpty()).collect(Collectors.toSet());
        return new AuthenticatedCaller(new Caller(issuer, subject, orgClaim, projectClaim), scopes);
    }

    /**
     * The caller of a request that names no org/project (MCP): the workspace is the token's {@code org_id} and
     * {@code project_id}. Empty when a claim is missing.
     */
    public static java.util.Optional<AuthenticatedCaller> fromClaims(String issuer, String subject, String orgClaim,
            String projectClaim, String scopeClaim) {
        if (issuer == null || subject == null || orgClaim == null || projectClaim == null) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(forPath(issuer, subject, orgClaim, projectClaim, scopeClaim, orgClaim,
                projectClaim));
    }

    /** Throws 403 {@code insufficient-scope} unless the scope was granted. */
    public void require(String scope) {
        if (!scopes.contains(scope)) {
            throw ProblemKind.INSUFFICIENT_SCOPE.problem("This request needs the scope " + scope + ".")
                    .with("required_scope", scope).toException();
        }
    }
}
