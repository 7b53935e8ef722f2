package dev.taskgate.jobctl;

import java.net.InetAddress;

import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.taskgate.contracts.upstream.UpstreamAddressPolicy;

/**
 * The upstream network policy of every component test of this module (a prioritised alternative on the test classpath
 * only): the production policy, private networks refused, except that {@code 127.0.0.1} counts as a public address,
 * so that a stand-in upstream on loopback can be registered and listed while any other private address is still
 * refused.
 */
public class TestUpstreamAddresses {
    /** The public address 127.0.0.1 stands for. */
    static final byte[] PUBLIC = {93, (byte) 184, (byte) 216, 34};

    @Produces
    @Singleton
    @Alternative
    @Priority(1)
    UpstreamAddressPolicy addresses() {
        return new UpstreamAddressPolicy(
                false,
                host -> "127.0.0.1".equals(host)
                        ? new InetAddress[] {InetAddress.getByAddress(PUBLIC)}
                        : InetAddress.getAllByName(host));
    }
}
