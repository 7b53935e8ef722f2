package dev.taskgate.jobctl.upstream.db;

import java.time.Instant;
import java.util.Objects;

import dev.taskgate.contracts.upstream.UpstreamDefinition;

/**
 * One row of {@code jobctl.upstream_registration}: an upstream registered through the operator API.
 *
 * @param definition       the upstream without its credential
 * @param credentialHeader the credential's header, or {@code null}
 * @param sealedCredential the credential's value sealed for this upstream, or {@code null}; never opened here
 * @param workspace        the project that registered it ({@code org/project})
 * @param createdAt        when it was registered
 * @param updatedAt        when it was last changed
 * @param revision         1 when registered, one more per update
 */
public record StoredUpstream(
        UpstreamDefinition definition,
        String credentialHeader,
        byte[] sealedCredential,
        String workspace,
        Instant createdAt,
        Instant updatedAt,
        long revision) {

    public StoredUpstream {
        Objects.requireNonNull(definition, "definition");
        Objects.requireNonNull(workspace, "workspace");
        if (definition.credential().isPresent()) {
            throw new IllegalArgumentException("a stored definition carries no credential; it is sealed apart");
        }
        if ((credentialHeader == null) != (sealedCredential == null)) {
            throw new IllegalArgumentException("a credential needs both its header and its sealed value");
        }
    }

    /** Its id. */
    public String id() {
        return definition.id();
    }

    @Override
    public String toString() {
        return "StoredUpstream[id=" + id() + ", revision=" + revision + ", workspace=" + workspace + "]";
    }
}
