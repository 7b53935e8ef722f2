package dev.taskgate.jobctl.upstream;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import jakarta.inject.Singleton;

import org.jboss.logging.Logger;

import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.upstream.UpstreamAddressPolicy;
import dev.taskgate.contracts.upstream.UpstreamCredential;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamsFile;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.upstream.db.StoredUpstream;
import dev.taskgate.jobctl.upstream.db.UpstreamRegistrationRepository;
import dev.taskgate.payload.PayloadUnreadableException;
import dev.taskgate.payload.UpstreamCredentialSealing;

/**
 * The upstream MCP servers of this deployment: those of the upstreams file, read at startup (a bad file stops it), then
 * those registered through the operator API ({@code jobctl.upstream_registration}), by id. The registrations are
 * kept as this replica wrote them and as the last {@link #reload()} read them, whichever is newer; their credentials
 * are opened here, in memory only, for discovery.
 */
@Singleton
public class RegisteredUpstreams {
    private static final Logger LOG = Logger.getLogger(RegisteredUpstreams.class);

    private final List<UpstreamDefinition> file;
    private final Duration retryInterval;
    private final UpstreamAddressPolicy addresses;
    private final Pool pool;
    private final UpstreamRegistrationRepository rows;
    private final UpstreamCredentialSealing credentials;
    private volatile Map<String, Registration> registered = Map.of();

    RegisteredUpstreams(
            JobControlConfig config,
            UpstreamAddressPolicy addresses,
            Pool pool,
            UpstreamRegistrationRepository rows,
            UpstreamCredentialSealing credentials) {
        this.file = UpstreamsFile.load(config.upstreams().file());
        this.retryInterval = config.upstreams().retryInterval();
        this.addresses = addresses;
        this.pool = pool;
        this.rows = rows;
        this.credentials = credentials;
    }

    /** The network policy upstream URLs must pass before each listing and registration. */
    UpstreamAddressPolicy addresses() {
        return addresses;
    }

    /** Every upstream: the file's in file order, then the registered ones by id. */
    public List<UpstreamDefinition> all() {
        List<UpstreamDefinition> all = new ArrayList<>(file);
        registered.values().forEach(r -> all.add(r.upstream()));
        return all;
    }

    /** The upstream {@code id} of the upstreams file. */
    Optional<UpstreamDefinition> fromFile(String id) {
        return file.stream().filter(u -> u.id().equals(id)).findFirst();
    }

    /** The upstream of the file whose namespace is {@code namespace}. */
    Optional<UpstreamDefinition> fromFileWithNamespace(String namespace) {
        return file.stream().filter(u -> u.namespace().equals(namespace)).findFirst();
    }

    /** The revision of the registered upstream {@code id}, or {@code null} for one of the file or none. */
    Long revisionOf(String id) {
        Registration r = registered.get(id);
        return r == null ? null : r.row().revision();
    }

    /** How soon an unavailable upstream is listed again, and how often the registrations are read again. */
    Duration retryInterval() {
        return retryInterval;
    }

    /**
     * Reads the registrations again (another replica may have changed them). Blocking: call off the event loop.
     *
     * @return the ids whose registration appeared, changed or went away
     */
    synchronized Set<String> reload() {
        // under the lock for the read too: a write this replica applies meanwhile waits, so it is never undone by an
        // older read
        List<StoredUpstream> stored = rows.all(pool).await().indefinitely();
        Map<String, Registration> next = new TreeMap<>();
        Set<String> changed = new HashSet<>(registered.keySet());
        for (StoredUpstream row : stored) {
            Registration known = registered.get(row.id());
            if (known != null && known.row().revision() == row.revision()) {
                next.put(row.id(), known);
                changed.remove(row.id());
                continue;
            }
            open(row).ifPresent(r -> next.put(row.id(), r));
            changed.add(row.id());
        }
        registered = Collections.unmodifiableMap(next);
        return changed;
    }

    /** Takes {@code row} as this replica just committed it (unless a newer revision is known already). */
    synchronized void applied(StoredUpstream row) {
        Registration known = registered.get(row.id());
        if (known != null && known.row().revision() >= row.revision()) {
            return;
        }
        Map<String, Registration> next = new TreeMap<>(registered);
        open(row).ifPresentOrElse(r -> next.put(row.id(), r), () -> next.remove(row.id()));
        registered = Collections.unmodifiableMap(next);
    }

    /** Forgets the registration {@code id}, deleted by this replica. */
    synchronized void deleted(String id) {
        Map<String, Registration> next = new TreeMap<>(registered);
        next.remove(id);
        registered = Collections.unmodifiableMap(next);
    }

    // a registration that clashes with the file (the file changed since) or whose credential does not open is left
    // out, with a log line that names it and never the credential
    private Optional<Registration> open(StoredUpstream row) {
        if (fromFile(row.id()).isPresent()
                || fromFileWithNamespace(row.definition().namespace()).isPresent()) {
            LOG.warnf(
                    "Registered upstream ignored: its id or namespace is the upstreams file's [upstream=%s]", row.id());
            return Optional.empty();
        }
        UpstreamDefinition d = row.definition();
        Optional<UpstreamCredential> credential = Optional.empty();
        if (row.sealedCredential() != null) {
            try {
                credential = Optional.of(new UpstreamCredential(
                        row.credentialHeader(), credentials.open(row.id(), row.sealedCredential())));
            } catch (PayloadUnreadableException e) {
                LOG.errorf(
                        "Registered upstream ignored: its credential cannot be opened [upstream=%s keyId=%s]",
                        row.id(), e.keyId());
                return Optional.empty();
            }
        }
        return Optional.of(new Registration(row, d.withCredential(credential)));
    }

    /** A registration and its upstream with the credential opened. */
    private record Registration(StoredUpstream row, UpstreamDefinition upstream) {}
}
