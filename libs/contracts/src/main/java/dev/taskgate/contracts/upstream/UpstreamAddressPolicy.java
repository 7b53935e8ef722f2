package dev.taskgate.contracts.upstream;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Optional;

import dev.taskgate.contracts.egress.AddressClassifier;

/**
 * The SSRF policy for upstream URLs, the same as for webhook destinations: every address the host resolves to must be
 * a public unicast address, unless the deployment allows private networks ({@code taskgate.upstreams.allow-private-
 * networks}, for upstreams inside the operator's own network). Checked before every listing and every call. Blocking
 * (DNS). A check that passes names the address to connect to ({@link Check#address()}): the connection goes there
 * (pinned-http's {@code PinnedEndpoint}), so a DNS answer that changes between the check and the connection is not followed.
 */
public final class UpstreamAddressPolicy {

    /** Name resolution, replaceable in tests. */
    @FunctionalInterface
    public interface Resolver {
        /** Every address of the host. */
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /** What an address is, replaceable in tests: why it is not public, or empty when it is. */
    @FunctionalInterface
    public interface Classifier {
        /** Why {@code address} is not a public unicast address, or empty. */
        Optional<String> refusal(InetAddress address);
    }

    /**
     * The outcome of a check: the address a connection must go to, or why the upstream may not be called.
     *
     * @param address the first address the host resolved to, every one of them allowed; {@code null} when refused, and
     *                for a stdio upstream (no network)
     * @param refusal why the upstream may not be called now, or {@code null}
     */
    public record Check(InetAddress address, String refusal) {

        /** Why the upstream may not be called now, or empty when it may. */
        public Optional<String> refused() {
            return Optional.ofNullable(refusal);
        }
    }

    private final boolean allowPrivate;
    private final Resolver resolver;
    private final Classifier classifier;

    /** A policy resolving with the system's resolver. */
    public UpstreamAddressPolicy(boolean allowPrivate) {
        this(allowPrivate, InetAddress::getAllByName);
    }

    /** A policy with an explicit resolver. */
    public UpstreamAddressPolicy(boolean allowPrivate, Resolver resolver) {
        this(allowPrivate, resolver, AddressClassifier::refusal);
    }

    /** A policy with an explicit resolver and classifier. */
    public UpstreamAddressPolicy(boolean allowPrivate, Resolver resolver, Classifier classifier) {
        this.allowPrivate = allowPrivate;
        this.resolver = resolver;
        this.classifier = classifier;
    }

    /** Why {@code upstream} may not be called now, or empty when it may. */
    public Optional<String> refusal(UpstreamDefinition upstream) {
        return check(upstream).refused();
    }

    /** Resolves {@code upstream}'s host once and checks every address: where to connect, or why not. */
    public Check check(UpstreamDefinition upstream) {
        if (upstream.isStdio()) {
            return new Check(null, null); // no network: the process is started on this host, as the operator wrote it
        }
        URI url = upstream.url();
        String host = url.getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        InetAddress[] addresses;
        try {
            addresses = resolver.resolve(host);
        } catch (UnknownHostException e) {
            return new Check(null, "the host of upstream " + upstream.id() + " does not resolve");
        }
        if (addresses == null || addresses.length == 0) {
            return new Check(null, "the host of upstream " + upstream.id() + " does not resolve");
        }
        if (!allowPrivate) {
            for (InetAddress address : addresses) {
                Optional<String> refusal = classifier.refusal(address);
                if (refusal.isPresent()) {
                    return new Check(
                            null,
                            "the host of upstream " + upstream.id() + " resolves to a " + refusal.get()
                                    + ", which upstreams may not use unless taskgate.upstreams.allow-private-networks"
                                    + " is set");
                }
            }
        }
        return new Check(addresses[0], null);
    }
}
