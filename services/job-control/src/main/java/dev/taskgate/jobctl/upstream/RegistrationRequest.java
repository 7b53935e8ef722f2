package dev.taskgate.jobctl.upstream;

import java.util.HashSet;
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
 * file's form, except that {@code workspaces} is the route's project and never given, and the credential's value is
 * given inline ({@code {"header": ..., "value": ...}}). Read strictly: an unknown field or a bad value refuses the
 * whole body, and no message repeats the credential's value.
 *
 * @param upstream   the upstream, without its credential
 * @param credential the credential to store ({@link CredentialChange#SET}), none ({@link CredentialChange#REMOVE},
 *                   {@code "credential": null}), or on update the stored one ({@link CredentialChange#KEEP}, absent)
 * @param value      the credential when it is set
 */
record RegistrationRequest(
        UpstreamDefinition upstream, CredentialChange credential, Optional<UpstreamCredential> value) {

    private static final Set<String> CREDENTIAL_FIELDS = Set.of("header", "value");
    private static final Set<String> FIELDS;

    static {
        Set<String> fields = new HashSet<>(UpstreamJson.FIELDS);
        fields.remove("workspaces");
        FIELDS = Set.copyOf(fields);
    }

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
     * @throws UpstreamRegistrationException (invalid) when the body is not such an upstream
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
            UpstreamJson.requireObject(entry, "an upstream", FIELDS);
            if (pathId != null) {
                if (entry.hasNonNull("id") && !pathId.equals(entry.get("id").asText())) {
                    throw new IllegalArgumentException("'id' must be the route's id " + pathId + " or absent");
                }
                entry.put("id", pathId);
            }
            JsonNode credential = entry.remove("credential");
            entry.putArray("workspaces").add(workspace);
            UpstreamDefinition upstream = UpstreamJson.parse(entry, UpstreamJson.FIELDS, ignored -> {
                throw new IllegalStateException("the credential was taken out before");
            });
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
