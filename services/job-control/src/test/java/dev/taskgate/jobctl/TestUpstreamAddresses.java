package dev.taskgate.jobctl;

import java.net.InetAddress;
import java.util.Optional;

import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.taskgate.contracts.egress.AddressClassifier;
import dev.taskgate.contracts.upstream.UpstreamAddressPolicy;

/**
 * The upstream network policy of every component test of this module (a prioritised alternative on the test classpath
 * only): the production policy, private networks refused, except that {@code 127.0.0.1} counts as a public address,
 * so that a stand-in upstream on loopback can be registered and listed while any other private address is still
 * refused; and the check resolves {@value #PINNED_HOST}, a name the system resolver never answers (RFC 6761), to
 * 127.0.0.1, so that an upstream of that name is reached only at the address its check found.
 */
public class TestUpstreamAddresses {
    /** A host only this policy resolves. */
    static final String PINNED_HOST = "pinned-upstream.invalid";

    @Produces
    @Singleton
    @Alternative
    @Priority(1)
    UpstreamAddressPolicy addresses() {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        return new UpstreamAddressPolicy(
                false,
                host -> PINNED_HOST.equals(host) ? new InetAddress[] {loopback} : InetAddress.getAllByName(host),
                address -> address.getHostAddress().equals("127.0.0.1")
                        ? Optional.empty()
                        : AddressClassifier.refusal(address));
    }
}
