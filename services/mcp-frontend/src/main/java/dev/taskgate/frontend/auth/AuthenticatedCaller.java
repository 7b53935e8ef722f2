package dev.taskgate.frontend.auth;

import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import dev.taskgate.contracts.Caller;
import dev.taskgate.frontend.problem.ProblemKind;
import dev.taskgate.frontend.problem.Problems;

/**
 * A verified token's caller together with its granted scopes and workspaces.
 *
 * @param caller     the identity commands and queries carry
 * @param scopes     the granted scopes
 * @param workspaces the workspaces ({@code org/project}) the token's {@code workspaces} claim grants; when the
 *                   claim is absent, exactly the caller's own workspace
 */
public record AuthenticatedCaller(Caller caller, Set<String> scopes, Set<String> workspaces) {
    // compiled once: String.split compiles a pattern like this one on every call
    private static final Pattern SCOPE_SEPARATOR = Pattern.compile("\\s+");

    public AuthenticatedCaller {
        Objects.requireNonNull(caller, "caller");
        scopes = Set.copyOf(scopes);
        workspaces = workspaces == null ? Set.of(caller.workspace()) : Set.copyOf(workspaces);
    }

    /** A caller whose token has no {@code workspaces} claim: granted its own workspace only. */
    public AuthenticatedCaller(Caller caller, Set<String> scopes) {
        this(caller, scopes, null);
    }

    /**
     * The caller of a request to {@code /v1/orgs/{org}/projects/{project}/…}, from the token's claims.
     * A token for another org or project, or without them, gets the uniform 404: it must not learn whether
     * the path names anything.
     */
    public static AuthenticatedCaller forPath(
            String issuer,
            String subject,
            String orgClaim,
            String projectClaim,
            String scopeClaim,
            String pathOrg,
            String pathProject) {
        return forPath(issuer, subject, orgClaim, projectClaim, scopeClaim, null, pathOrg, pathProject);
    }

    /**
     * As {@link #forPath(String, String, String, String, String, String, String)}, with the parsed
     * {@code workspaces} claim ({@code null} when absent): a token whose grants do not include its own workspace
     * may use no workspace, and gets the uniform 404 too.
     */
    public static AuthenticatedCaller forPath(
            String issuer,
            String subject,
            String orgClaim,
            String projectClaim,
            String scopeClaim,
            Set<String> workspaceGrants,
            String pathOrg,
            String pathProject) {
        if (issuer == null
                || subject == null
                || orgClaim == null
                || projectClaim == null
                || !orgClaim.equals(pathOrg)
                || !projectClaim.equals(pathProject)) {
            throw Problems.notFound();
        }
        Caller caller = new Caller(issuer, subject, orgClaim, projectClaim);
        if (workspaceGrants != null && !workspaceGrants.contains(caller.workspace())) {
            throw Problems.notFound();
        }
        return new AuthenticatedCaller(caller, scopes(scopeClaim), workspaceGrants);
    }

    /** The space-separated {@code scope} claim as a set. */
    static Set<String> scopes(String scopeClaim) {
        return scopeClaim == null
                ? Set.of()
                : Arrays.stream(SCOPE_SEPARATOR.split(scopeClaim.trim()))
                        .filter(s -> !s.isEmpty())
                        .collect(Collectors.toSet());
    }

    /**
     * The caller of a request that names no org/project (MCP): the workspace is the token's {@code org_id} and
     * {@code project_id}. Empty when a claim is missing.
     */
    public static java.util.Optional<AuthenticatedCaller> fromClaims(
            String issuer, String subject, String orgClaim, String projectClaim, String scopeClaim) {
        return fromClaims(issuer, subject, orgClaim, projectClaim, scopeClaim, null);
    }

    /**
     * As {@link #fromClaims(String, String, String, String, String)} with the parsed {@code workspaces} claim; empty
     * also when the grants do not include the token's own workspace.
     */
    public static java.util.Optional<AuthenticatedCaller> fromClaims(
            String issuer,
            String subject,
            String orgClaim,
            String projectClaim,
            String scopeClaim,
            Set<String> workspaceGrants) {
        if (issuer == null
                || subject == null
                || orgClaim == null
                || projectClaim == null
                || (workspaceGrants != null && !workspaceGrants.contains(orgClaim + "/" + projectClaim))) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(
                forPath(issuer, subject, orgClaim, projectClaim, scopeClaim, workspaceGrants, orgClaim, projectClaim));
    }

    /** Throws 403 {@code insufficient-scope} unless the scope was granted. */
    public void require(String scope) {
        if (!scopes.contains(scope)) {
            throw ProblemKind.INSUFFICIENT_SCOPE
                    .problem("This request needs the scope " + scope + ".")
                    .with("required_scope", scope)
                    .toException();
        }
    }
}
