package dev.taskgate.jobctl.upstream;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import dev.taskgate.contracts.upstream.UpstreamAddressPolicy;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.pinnedhttp.PinnedEndpoint;

/**
 * Opens job-control's sessions with upstreams (discovery, the tool list's stream, federated reads) after the network
 * policy (docs/gateway.md "Network policy"), at the address the policy checked: the host is resolved once, by the
 * check, and the connection goes to that address with the URL's host as {@code Host} and TLS server name. A refusal
 * is an {@link UpstreamException} with the policy's reason. Redirects are never followed (the address was checked).
 * A stdio upstream's sessions go to its kept process ({@link StdioUpstreamProcesses}).
 */
final class UpstreamConnector implements DiscoverySession.Opener {
    private final UpstreamAddressPolicy addresses;
    private final StdioUpstreamProcesses processes;
    // one client per connect timeout and TLS server name: a TLS context must not serve two server names
    private final Map<ClientKey, HttpClient> clients = new ConcurrentHashMap<>();

    private record ClientKey(Duration connectTimeout, Optional<String> serverName) {}

    static {
        // at start-up, before anything in job-control uses the JDK's HTTP client (it reads the property once)
        PinnedEndpoint.allowHostHeader();
    }

    UpstreamConnector(UpstreamAddressPolicy addresses, StdioUpstreamProcesses processes) {
        this.addresses = addresses;
        this.processes = processes;
    }

    @Override
    public DiscoverySession open(UpstreamDefinition upstream) throws UpstreamException {
        UpstreamAddressPolicy.Check check = addresses.check(upstream);
        if (check.refused().isPresent()) {
            throw new UpstreamException(check.refusal());
        }
        if (upstream.isStdio()) {
            return processes.open(upstream);
        }
        PinnedEndpoint endpoint = new PinnedEndpoint(upstream.url(), check.address());
        HttpClient http = clients.computeIfAbsent(
                new ClientKey(upstream.connectTimeout(), endpoint.serverName()),
                key -> PinnedEndpoint.clientBuilder(key.serverName())
                        .connectTimeout(key.connectTimeout())
                        .followRedirects(HttpClient.Redirect.NEVER)
                        .build());
        return DiscoverySession.open(upstream, endpoint, http);
    }
}
