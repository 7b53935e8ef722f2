package dev.taskgate.jobctl.upstream;

import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.upstream.UpstreamCredential;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamJson;

/**
 * The body of an operator's create or update of an upstream (docs/gateway.md "Operating upstreams"): the upstreams
 * file's form, except that {@code workspaces} may only name projects of the route's organization ({@code <org>/<project>}
 * or {@code <org>/*}; the route's project when absent), and the credential's value is given inline
 * ({@code {"header": ..., "value": ...}}). Read strictly: an unknown field or a bad value refuses the whole body, and
 * no message repeats the credential's value.
 *
 * @param upstream   the upstream, without its credential
 * @param credential the credential to store ({@link CredentialChange#SET}), none ({@link CredentialChange#REMOVE},
 *                   {@code "credential": null}), or on update the stored one ({@link CredentialChange#KEEP}, absent)
 * @param value      the credential when it is set
 */
record RegistrationRequest(
        UpstreamDefinition upstream, CredentialChange credential, Optional<UpstreamCredential> value) {

    private static final Set<String> CREDENTIAL_FIELDS = Set.of("header", "value");

    /** What a request does with the credential. */
    enum CredentialChange {
        SET,
        REMOVE,
        KEEP
    }

    @Override
    public String toString() {
        return "RegistrationRequest[upstream=" + upstream + ", credential=" + credential + "]";
    }

    /**
     * Reads a body for the project {@code workspace}; {@code pathId} is the id the route names on update (the body may
     * repeat it), {@code null} on create.
     *
     * @throws UpstreamRegistrationException (invalid) when the body is not such an upstream; (outside the
     *     organization) when its {@code workspaces} name another organization or every one ({@code *})
     */
    static RegistrationRequest parse(byte[] body, String workspace, String pathId) {
        JsonNode node;
        try {
            node = body == null || body.length == 0 ? null : Wire.fromBytes(body, JsonNode.class);
        } catch (RuntimeException e) {
            throw UpstreamRegistrationException.invalid("The body is not JSON.");
        }
        if (node == null || !node.isObject()) {
            throw UpstreamRegistrationException.invalid("The body must be a JSON object: an upstream.");
        }
        ObjectNode entry = ((ObjectNode) node).deepCopy();
        if (entry.has("command")) {
            // an API caller must not be able to make the services start a program of its choosing
            throw UpstreamRegistrationException.invalid(UpstreamJson.STDIO_FILE_ONLY + ".");
        }
        try {
            UpstreamJson.requireObject(entry, "an upstream", UpstreamJson.FIELDS);
            if (pathId != null) {
                if (entry.hasNonNull("id") && !pathId.equals(entry.get("id").asText())) {
                    throw new IllegalArgumentException("'id' must be the route's id " + pathId + " or absent");
                }
                entry.put("id", pathId);
            }
            JsonNode credential = entry.remove("credential");
            if (!entry.has("workspaces")) {
                entry.putArray("workspaces").add(workspace);
            }
            UpstreamDefinition upstream = UpstreamJson.parse(entry, UpstreamJson.FIELDS, ignored -> {
                throw new IllegalStateException("the credential was taken out before");
            });
            requireOwnOrganization(upstream, workspace);
            if (credential == null) {
                return new RegistrationRequest(
                        upstream, pathId == null ? CredentialChange.REMOVE : CredentialChange.KEEP, Optional.empty());
            }
            if (credential.isNull()) {
                return new RegistrationRequest(upstream, CredentialChange.REMOVE, Optional.empty());
            }
            return new RegistrationRequest(upstream, CredentialChange.SET, Optional.of(inline(credential)));
        } catch (IllegalArgumentException e) {
            throw UpstreamRegistrationException.invalid(e.getMessage());
        }
    }

    // an operator's token is for one project: it may share an upstream within its organization, never beyond it
    private static void requireOwnOrganization(UpstreamDefinition upstream, String workspace) {
        int slash = workspace.indexOf('/');
        if (slash <= 0) {
            throw new IllegalStateException("an operator call names a project, <org>/<project>: " + workspace);
        }
        String org = workspace.substring(0, slash + 1);
        for (String pattern : upstream.workspaces()) {
            if (!pattern.startsWith(org)) {
                throw UpstreamRegistrationException.outsideOrganization("'workspaces' may only name projects of the "
                        + "organization " + org.substring(0, org.length() - 1) + " (" + org + "<project> or " + org
                        + "*); " + ("*".equals(pattern) ? "'*' (every organization)" : "'" + pattern + "'")
                        + " can be declared in the upstreams file only.");
            }
        }
    }

    private static UpstreamCredential inline(JsonNode node) {
        UpstreamJson.requireObject(node, "credential", CREDENTIAL_FIELDS);
        String header = UpstreamJson.text(node, "header", "Authorization");
        JsonNode value = node.get("value");
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException("credential: 'value' is required and must be a string");
        }
        return new UpstreamCredential(header, value.asText());
    }
}
