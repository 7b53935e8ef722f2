package dev.taskgate.cli.config;

import java.net.URI;

/**
 * Where the commands go and as whom: the resolved profile (docs/cli.md, "Profiles").
 *
 * @param name        the profile's name ({@code local} when it is the built-in one)
 * @param url         the frontend's base URL (REST executions, MCP)
 * @param webhooksUrl webhook-dispatcher's base URL (webhook subscriptions)
 * @param org         the organisation in the routes
 * @param project     the project in the routes
 * @param token       where the bearer token comes from
 */
public record Profile(String name, URI url, URI webhooksUrl, String org, String project, TokenSource token) {
    /** {@code /v1/orgs/{org}/projects/{project}} under {@code base}, without a trailing slash. */
    public URI workspace(URI base, String path) {
        String root = base.toString().replaceAll("/+$", "");
        return URI.create(root + "/v1/orgs/" + org + "/projects/" + project + path);
    }
}
