package dev.taskgate.webhooks.destination;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.taskgate.contracts.egress.AddressClassifier;
import dev.taskgate.webhooks.WebhooksConfig;

/**
 * Resolves a destination's host once and checks every address it resolves to; the sender then connects to the
 * returned address, so a second resolution (DNS rebinding) cannot redirect the request. Blocking (DNS): call it
 * from a worker thread.
 */
@ApplicationScoped
public class DestinationGuard {

    /** Name resolution, replaceable in tests. */
    @FunctionalInterface
    public interface Resolver {
        /** Every address of the host. */
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    private final boolean allowPrivate;
    private final Resolver resolver;

    @Inject
    DestinationGuard(WebhooksConfig config) {
        this(config.allowPrivateDestinations(), InetAddress::getAllByName);
    }

    /** A guard with an explicit policy and resolver. */
    public DestinationGuard(boolean allowPrivate, Resolver resolver) {
        this.allowPrivate = allowPrivate;
        this.resolver = resolver;
    }

    /** The checked address to connect to for this URL. */
    public InetAddress resolve(URI url) throws DestinationRefusedException {
        String host = url.getHost();
        if (host == null || host.isEmpty()) {
            throw new DestinationRefusedException("the URL has no host", false);
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        InetAddress[] addresses;
        try {
            addresses = resolver.resolve(host);
        } catch (UnknownHostException e) {
            throw new DestinationRefusedException("the host " + host + " does not resolve", true);
        }
        if (addresses.length == 0) {
            throw new DestinationRefusedException("the host " + host + " does not resolve", true);
        }
        if (!allowPrivate) {
            // every address must be public: a mix would let a later connection land on the private one
            for (InetAddress address : addresses) {
                Optional<String> refusal = AddressClassifier.refusal(address);
                if (refusal.isPresent()) {
                    throw new DestinationRefusedException(
                            "the host " + host + " resolves to a " + refusal.get() + " (" + address.getHostAddress()
                                    + "), which webhooks may not reach",
                            false);
                }
            }
        }
        return addresses[0];
    }
}
