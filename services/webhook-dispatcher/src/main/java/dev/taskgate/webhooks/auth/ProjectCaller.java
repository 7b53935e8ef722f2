package dev.taskgate.webhooks.auth;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

import dev.taskgate.webhooks.problem.ProblemKind;
import dev.taskgate.webhooks.problem.Problems;

/**
 * The verified caller of a {@code /v1/orgs/{org}/projects/{project}/…} request.
 *
 * @param subject   the token's {@code sub}
 * @param orgId     the org, equal to the path's
 * @param projectId the project, equal to the path's
 * @param scopes    the granted scopes
 */
public record ProjectCaller(String subject, String orgId, String projectId, Set<String> scopes) {

    public ProjectCaller {
        scopes = Set.copyOf(scopes);
    }

    /**
     * The caller from the token's claims. A token for another org or project, or without them, or whose
     * {@code workspaces} grants ({@code null} when the claim is absent) leave out its own workspace, gets the uniform
     * 404; a token without {@code requiredScope} gets 403.
     */
    public static ProjectCaller forPath(
            String issuer,
            String subject,
            String orgClaim,
            String projectClaim,
            String scopeClaim,
            Set<String> workspaceGrants,
            String pathOrg,
            String pathProject,
            String requiredScope) {
        if (issuer == null
                || subject == null
                || orgClaim == null
                || projectClaim == null
                || !orgClaim.equals(pathOrg)
                || !projectClaim.equals(pathProject)
                || (workspaceGrants != null && !workspaceGrants.contains(orgClaim + "/" + projectClaim))) {
            throw Problems.notFound();
        }
        Set<String> scopes = scopeClaim == null
                ? Set.of()
                : Arrays.stream(scopeClaim.trim().split("\\s+"))
                        .filter(s -> !s.isEmpty())
                        .collect(Collectors.toSet());
        if (!scopes.contains(requiredScope)) {
            throw ProblemKind.INSUFFICIENT_SCOPE
                    .problem("This request needs the scope " + requiredScope + ".")
                    .with("required_scope", requiredScope)
                    .toException();
        }
        return new ProjectCaller(subject, orgClaim, projectClaim, scopes);
    }
}
