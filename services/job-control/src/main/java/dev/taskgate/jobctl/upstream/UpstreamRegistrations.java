package dev.taskgate.jobctl.upstream;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.contracts.operator.OperatorActions;
import dev.taskgate.contracts.operator.OperatorUpstream;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamJson;
import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.db.Transactions;
import dev.taskgate.jobctl.operator.OperatorCall;
import dev.taskgate.jobctl.operator.audit.AuditLog;
import dev.taskgate.jobctl.upstream.db.StoredUpstream;
import dev.taskgate.jobctl.upstream.db.UpstreamRegistrationRepository;
import dev.taskgate.payload.UpstreamCredentialSealing;

/**
 * Upstreams registered through the operator API (docs/gateway.md "Operating upstreams"): create, get, update, delete.
 * A registration admits the projects its {@code workspaces} name, all in the organization of the project that made it
 * (its owner, the only one that may change or delete it); the upstreams file's upstreams are shown but read-only; ids
 * and namespaces are unique across the file and the registrations; the URL must pass the network policy; the
 * credential is stored sealed and never shown. Every call is audited, a change in the transaction that makes it, a
 * refusal before it is answered. A change is listed at once on this replica; other replicas read it on their next
 * reload.
 */
@ApplicationScoped
public class UpstreamRegistrations {
    private final RegisteredUpstreams registered;
    private final UpstreamDiscovery discovery;
    private final UpstreamRegistrationRepository rows;
    private final UpstreamCredentialSealing credentials;
    private final AuditLog audit;
    private final Pool pool;
    private final DbClock clock;
    // the network policy resolves names (blocking), and writes wait for their commit: never on an event loop
    private final ExecutorService calls = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "upstream-registration");
        t.setDaemon(true);
        return t;
    });

    UpstreamRegistrations(
            RegisteredUpstreams registered,
            UpstreamDiscovery discovery,
            UpstreamRegistrationRepository rows,
            UpstreamCredentialSealing credentials,
            AuditLog audit,
            Pool pool,
            DbClock clock) {
        this.registered = registered;
        this.discovery = discovery;
        this.rows = rows;
        this.credentials = credentials;
        this.audit = audit;
        this.pool = pool;
        this.clock = clock;
    }

    @PreDestroy
    void stop() {
        calls.shutdownNow();
    }

    /** Registers the upstream of {@code body} for the call's project. */
    public Uni<OperatorUpstream> create(OperatorCall call, byte[] body) {
        // a refusal is audited with the id the body names, once it is known
        AtomicReference<String> named = new AtomicReference<>();
        return run(call, OperatorActions.UPSTREAMS_CREATE, named::get, () -> {
            RegistrationRequest request = RegistrationRequest.parse(body, call.workspace(), null);
            UpstreamDefinition upstream = request.upstream();
            named.set(upstream.id());
            requireIdFree(upstream);
            requireNamespaceFree(upstream);
            requireReachable(upstream);
            Instant now = clock.now();
            StoredUpstream row = new StoredUpstream(
                    upstream,
                    request.value().map(c -> c.header()).orElse(null),
                    request.value()
                            .map(c -> credentials.seal(upstream.id(), c.value()))
                            .orElse(null),
                    call.workspace(),
                    now,
                    now,
                    1);
            boolean inserted = Transactions.within(
                            pool,
                            tx -> rows.insert(tx, row)
                                    .call(ok -> ok
                                            ? audit.record(
                                                    tx,
                                                    call,
                                                    OperatorActions.UPSTREAMS_CREATE,
                                                    row.id(),
                                                    null,
                                                    AuditEntry.OK)
                                            : Uni.createFrom().voidItem()))
                    .await()
                    .indefinitely();
            if (!inserted) {
                throw clashOf(upstream);
            }
            registered.applied(row);
            discovery.changed(row.id());
            return view(row);
        });
    }

    /** The upstream {@code id}, if the call's project may see it. */
    public Uni<OperatorUpstream> get(OperatorCall call, String id) {
        return run(call, OperatorActions.UPSTREAMS_GET, () -> id, () -> {
            Optional<UpstreamDefinition> file = registered.fromFile(id);
            if (file.isPresent() && file.get().admits(call.workspace())) {
                return audited(call, OperatorActions.UPSTREAMS_GET, id, fileView(file.get()));
            }
            return audited(call, OperatorActions.UPSTREAMS_GET, id, view(visible(call, id)));
        });
    }

    /**
     * Replaces the registration {@code id} with {@code body}; {@code ifMatch} (an {@code If-Match} value, or
     * {@code null} for last write wins) must name its current revision.
     */
    public Uni<OperatorUpstream> update(OperatorCall call, String id, String ifMatch, byte[] body) {
        return run(call, OperatorActions.UPSTREAMS_UPDATE, () -> id, () -> {
            requireWritable(call, id);
            RegistrationRequest request = RegistrationRequest.parse(body, call.workspace(), id);
            UpstreamDefinition upstream = request.upstream();
            requireNamespaceFree(upstream);
            requireReachable(upstream);
            StoredUpstream next = Transactions.within(
                            pool,
                            tx -> currentForWrite(tx, call, id, ifMatch)
                                    .call(current -> namespaceTaken(tx, upstream))
                                    .map(current -> replaced(current, request))
                                    .call(replacement -> rows.update(tx, replacement, replacement.revision() - 1))
                                    .call(replacement -> audit.record(
                                            tx, call, OperatorActions.UPSTREAMS_UPDATE, id, null, AuditEntry.OK)))
                    .await()
                    .indefinitely();
            registered.applied(next);
            discovery.changed(id);
            return view(next);
        });
    }

    /** The caller's registration {@code id}, locked, if {@code ifMatch} names its current revision. */
    private Uni<StoredUpstream> currentForWrite(SqlConnection tx, OperatorCall call, String id, String ifMatch) {
        return rows.find(tx, id, true)
                .map(found -> found.filter(r -> r.workspace().equals(call.workspace()))
                        .orElseThrow(UpstreamRegistrationException::notFound))
                .invoke(current -> requireRevision(ifMatch, current));
    }

    /** Deletes the registration {@code id}; {@code ifMatch} as for {@link #update}. */
    public Uni<Void> delete(OperatorCall call, String id, String ifMatch) {
        return run(call, OperatorActions.UPSTREAMS_DELETE, () -> id, () -> {
                    requireWritable(call, id);
                    Transactions.within(
                                    pool,
                                    tx -> currentForWrite(tx, call, id, ifMatch)
                                            .call(current -> rows.delete(tx, id))
                                            .call(current -> audit.record(
                                                    tx,
                                                    call,
                                                    OperatorActions.UPSTREAMS_DELETE,
                                                    id,
                                                    null,
                                                    AuditEntry.OK)))
                            .await()
                            .indefinitely();
                    registered.deleted(id);
                    discovery.changed(id);
                    return Boolean.TRUE;
                })
                .replaceWithVoid();
    }

    // runs off the event loop; a refusal is audited with its outcome before it is answered
    private <T> Uni<T> run(OperatorCall call, String action, Supplier<String> target, Supplier<T> body) {
        return Uni.createFrom()
                .item(body)
                .runSubscriptionOn(calls)
                .onFailure(UpstreamRegistrationException.class)
                .recoverWithUni(e -> audit.record(call, action, target.get(), null, e.outcome())
                        .flatMap(recorded -> Uni.createFrom().failure(e)));
    }

    private <T> T audited(OperatorCall call, String action, String id, T answer) {
        audit.record(call, action, id, null, AuditEntry.OK).await().indefinitely();
        return answer;
    }

    // the owner sees its registration whoever it admits; the projects it admits see it too
    private StoredUpstream visible(OperatorCall call, String id) {
        return rows.find(pool, id, false)
                .await()
                .indefinitely()
                .filter(r ->
                        r.workspace().equals(call.workspace()) || r.definition().admits(call.workspace()))
                .orElseThrow(UpstreamRegistrationException::notFound);
    }

    // the file's upstreams are shown to the projects they admit, and changed only in the file; a registration is
    // shown to the projects it admits, and changed only by the project that made it
    private void requireWritable(OperatorCall call, String id) {
        Optional<UpstreamDefinition> file = registered.fromFile(id);
        if (file.isPresent() && file.get().admits(call.workspace())) {
            throw UpstreamRegistrationException.conflict(
                    "Upstream " + id + " is defined in the upstreams file; change it there.");
        }
        rows.find(pool, id, false)
                .await()
                .indefinitely()
                .filter(r -> !r.workspace().equals(call.workspace())
                        && r.definition().admits(call.workspace()))
                .ifPresent(r -> {
                    throw UpstreamRegistrationException.conflict("Upstream " + id + " was registered by the project "
                            + r.workspace() + "; only that project may change it.");
                });
    }

    private void requireIdFree(UpstreamDefinition upstream) {
        if (registered.fromFile(upstream.id()).isPresent()) {
            throw UpstreamRegistrationException.conflict("The id " + upstream.id()
                    + " is taken by an upstream defined in the upstreams file; ids are unique across all upstreams.");
        }
    }

    private void requireNamespaceFree(UpstreamDefinition upstream) {
        registered.fromFileWithNamespace(upstream.namespace()).ifPresent(other -> {
            throw UpstreamRegistrationException.conflict("The namespace " + upstream.namespace()
                    + " is taken by an upstream defined in the upstreams file; namespaces are unique across all "
                    + "upstreams.");
        });
    }

    private void requireReachable(UpstreamDefinition upstream) {
        registered.addresses().refusal(upstream).ifPresent(reason -> {
            throw UpstreamRegistrationException.refused(reason + ".");
        });
    }

    private Uni<Void> namespaceTaken(SqlClient tx, UpstreamDefinition upstream) {
        return tx.preparedQuery("select id from jobctl.upstream_registration where namespace = $1 and id <> $2")
                .execute(Tuple.of(upstream.namespace(), upstream.id()))
                .invoke(found -> {
                    if (found.size() > 0) {
                        throw UpstreamRegistrationException.conflict("The namespace " + upstream.namespace()
                                + " is taken by another upstream; namespaces are unique across all upstreams.");
                    }
                })
                .replaceWithVoid();
    }

    private UpstreamRegistrationException clashOf(UpstreamDefinition upstream) {
        boolean idTaken =
                rows.find(pool, upstream.id(), false).await().indefinitely().isPresent();
        return UpstreamRegistrationException.conflict(
                idTaken
                        ? "The id " + upstream.id()
                                + " is taken by another upstream; ids are unique across all upstreams."
                        : "The namespace " + upstream.namespace()
                                + " is taken by another upstream; namespaces are unique across all upstreams.");
    }

    private static void requireRevision(String ifMatch, StoredUpstream current) {
        if (ifMatch != null && !ifMatch.strip().equals("*") && !ifMatch.strip().equals(etag(current.revision()))) {
            throw UpstreamRegistrationException.preconditionFailed("Upstream " + current.id() + " is at revision "
                    + current.revision() + " (ETag " + etag(current.revision()) + "); If-Match named another.");
        }
    }

    private StoredUpstream replaced(StoredUpstream current, RegistrationRequest request) {
        String header = current.credentialHeader();
        byte[] sealed = current.sealedCredential();
        switch (request.credential()) {
            case SET -> {
                header = request.value().orElseThrow().header();
                sealed = credentials.seal(
                        current.id(), request.value().orElseThrow().value());
            }
            case REMOVE -> {
                header = null;
                sealed = null;
            }
            case KEEP -> {
                // the stored credential stays
            }
        }
        return new StoredUpstream(
                request.upstream(),
                header,
                sealed,
                current.workspace(),
                current.createdAt(),
                clock.now(),
                current.revision() + 1);
    }

    /** The strong entity tag of a revision. */
    public static String etag(long revision) {
        return "\"" + revision + "\"";
    }

    private OperatorUpstream view(StoredUpstream row) {
        return new OperatorUpstream(
                row.id(),
                OperatorUpstream.API,
                row.revision(),
                row.workspace(),
                UpstreamJson.write(row.definition()),
                row.credentialHeader() == null ? null : new OperatorUpstream.Credential(row.credentialHeader(), true),
                row.createdAt(),
                row.updatedAt(),
                discovery.stateOf(row.definition()));
    }

    private OperatorUpstream fileView(UpstreamDefinition upstream) {
        return new OperatorUpstream(
                upstream.id(),
                OperatorUpstream.FILE,
                null,
                null,
                UpstreamJson.write(upstream),
                upstream.credential()
                        .map(c -> new OperatorUpstream.Credential(c.header(), true))
                        .orElse(null),
                null,
                null,
                discovery.stateOf(upstream));
    }
}
