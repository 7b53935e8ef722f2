package dev.taskgate.jobctl.upstream;

import java.time.Duration;
import java.util.List;

import jakarta.inject.Singleton;

import dev.taskgate.contracts.upstream.UpstreamAddressPolicy;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamsFile;
import dev.taskgate.jobctl.JobControlConfig;

/** The upstream MCP servers of this deployment, read from the upstreams file at startup (a bad file stops it). */
@Singleton
public class RegisteredUpstreams {
    private final List<UpstreamDefinition> upstreams;
    private final Duration retryInterval;
    private final UpstreamAddressPolicy addresses;

    RegisteredUpstreams(JobControlConfig config) {
        this.upstreams = UpstreamsFile.load(config.upstreams().file());
        this.retryInterval = config.upstreams().retryInterval();
        this.addresses = new UpstreamAddressPolicy(config.upstreams().allowPrivateNetworks());
    }

    /** The network policy upstream URLs must pass before each listing. */
    UpstreamAddressPolicy addresses() {
        return addresses;
    }

    /** Every registered upstream, in file order. */
    public List<UpstreamDefinition> all() {
        return upstreams;
    }

    /** How soon an unavailable upstream is listed again. */
    Duration retryInterval() {
        return retryInterval;
    }
}
