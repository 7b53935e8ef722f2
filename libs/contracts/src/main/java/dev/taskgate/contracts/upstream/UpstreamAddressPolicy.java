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
 * (DNS).
 */
public final class UpstreamAddressPolicy {

    /** Name resolution, replaceable in tests. */
    @FunctionalInterface
    public interface Resolver {
        /** Every address of the host. */
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    private final boolean allowPrivate;
    private final Resolver resolver;

    /** A policy resolving with the system's resolver. */
    public UpstreamAddressPolicy(boolean allowPrivate) {
        this(allowPrivate, InetAddress::getAllByName);
    }

    /** A policy with an explicit resolver. */
    public UpstreamAddressPolicy(boolean allowPrivate, Resolver resolver) {
        this.allowPrivate = allowPrivate;
        this.resolver = resolver;
    }

    /** Why {@code upstream} may not be called now, or empty when it may. */
    public Optional<String> refusal(UpstreamDefinition upstream) {
        if (upstream.isStdio()) {
            return Optional.empty(); // no network: the process is started on this host, as the operator wrote it
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
            return Optional.of("the host of upstream " + upstream.id() + " does not resolve");
        }
        if (addresses.length == 0) {
            return Optional.of("the host of upstream " + upstream.id() + " does not resolve");
        }
        if (allowPrivate) {
            return Optional.empty();
        }
        for (InetAddress address : addresses) {
            Optional<String> refusal = AddressClassifier.refusal(address);
            if (refusal.isPresent()) {
                return Optional.of("the host of upstream " + upstream.id() + " resolves to a " + refusal.get()
                        + ", which upstreams may not use unless taskgate.upstreams.allow-private-networks is set");
            }
        }
        return Optional.empty();
    }
}
