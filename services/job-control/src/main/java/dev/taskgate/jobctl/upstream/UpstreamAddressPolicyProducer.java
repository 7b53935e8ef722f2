package dev.taskgate.jobctl.upstream;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.taskgate.contracts.upstream.UpstreamAddressPolicy;
import dev.taskgate.jobctl.JobControlConfig;

/** The network policy of upstream URLs ({@code jobctl.upstreams.allow-private-networks}, docs/gateway.md). */
public class UpstreamAddressPolicyProducer {
    @Produces
    @Singleton
    UpstreamAddressPolicy addresses(JobControlConfig config) {
        return new UpstreamAddressPolicy(config.upstreams().allowPrivateNetworks());
    }
}
