package dev.taskgate.jobctl.upstream;

import java.util.Base64;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.upstream.RegisteredUpstreamTarget;
import dev.taskgate.contracts.upstream.UpstreamJson;
import dev.taskgate.jobctl.upstream.db.UpstreamRegistrationRepository;

/**
 * The call target of an upstream registered through the operator API, for worker-pool (docs/gateway.md "Calls"): read
 * from the table each time, so that a worker learns of a registration another replica just made. The credential stays
 * sealed; the worker's parent opens it with its own key ring.
 */
@ApplicationScoped
public class UpstreamCallTargets {
    private final Pool pool;
    private final UpstreamRegistrationRepository rows;

    UpstreamCallTargets(Pool pool, UpstreamRegistrationRepository rows) {
        this.pool = pool;
        this.rows = rows;
    }

    /** The target of the registered upstream {@code id}; empty for one of the file or none. */
    public Uni<Optional<RegisteredUpstreamTarget>> of(String id) {
        return rows.find(pool, id, false)
                .map(found -> found.map(row -> new RegisteredUpstreamTarget(
                        row.revision(),
                        UpstreamJson.write(row.definition()),
                        row.credentialHeader(),
                        row.sealedCredential() == null
                                ? null
                                : Base64.getEncoder().encodeToString(row.sealedCredential()))));
    }
}
