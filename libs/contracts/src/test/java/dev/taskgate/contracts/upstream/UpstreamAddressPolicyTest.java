package dev.taskgate.contracts.upstream;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class UpstreamAddressPolicyTest {

    @Test
    void aPrivateOrLoopbackUpstreamIsRefusedUnlessPrivateNetworksAreAllowed() throws Exception {
        UpstreamAddressPolicy strict = new UpstreamAddressPolicy(false);
        assertThat(strict.refusal(upstream("http://127.0.0.1:9/mcp")))
                .get()
                .asString()
                .contains("upstream u", "loopback address", "taskgate.upstreams.allow-private-networks");
        assertThat(strict.refusal(upstream("http://[::1]:9/mcp")))
                .get()
                .asString()
                .contains("loopback");
        assertThat(strict.refusal(upstream("http://10.1.2.3/mcp")))
                .get()
                .asString()
                .contains("private address");
        assertThat(new UpstreamAddressPolicy(true).refusal(upstream("http://127.0.0.1:9/mcp")))
                .isEmpty();
    }

    @Test
    void everyAddressOfTheHostMustBePublic() throws Exception {
        InetAddress open = InetAddress.getByName("93.184.216.34");
        InetAddress inside = InetAddress.getByName("192.168.1.5");
        assertThat(new UpstreamAddressPolicy(false, host -> new InetAddress[] {open})
                        .refusal(upstream("https://mcp.example/")))
                .isEmpty();
        assertThat(new UpstreamAddressPolicy(false, host -> new InetAddress[] {open, inside})
                        .refusal(upstream("https://mcp.example/")))
                .get()
                .asString()
                .contains("private address");
    }

    @Test
    void aHostThatDoesNotResolveIsRefusedEvenWhenPrivateNetworksAreAllowed() {
        UpstreamAddressPolicy policy = new UpstreamAddressPolicy(true, host -> {
            throw new UnknownHostException(host);
        });
        assertThat(policy.refusal(upstream("https://nowhere.invalid/")))
                .contains("the host of upstream u does not resolve");
    }

    private static UpstreamDefinition upstream(String url) {
        return new UpstreamDefinition(
                "u",
                URI.create(url),
                UpstreamProtocol.MCP_2025_11_25,
                "u",
                Optional.empty(),
                List.of("*"),
                List.of(),
                Map.of(),
                Duration.ofSeconds(1),
                Duration.ofSeconds(1),
                1,
                Duration.ofSeconds(1));
    }
}
