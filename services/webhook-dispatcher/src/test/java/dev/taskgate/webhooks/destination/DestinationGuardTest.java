package dev.taskgate.webhooks.destination;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The webhook destination guard over the shared address classifier (dev.taskgate.contracts.egress). */
class DestinationGuardTest {

    @Test
    void guardRefusesAHostWithAnyPrivateAddressAndConnectsToTheCheckedOne() throws Exception {
        InetAddress publicAddress = InetAddress.getByName("93.184.216.34");
        InetAddress privateAddress = InetAddress.getByName("10.0.0.7");
        DestinationGuard mixed = new DestinationGuard(false, host -> new InetAddress[] {publicAddress, privateAddress});
        assertThatThrownBy(() -> mixed.resolve(URI.create("https://hooks.example.com/x")))
                .isInstanceOf(DestinationRefusedException.class)
                .hasMessageContaining("private address")
                .satisfies(e -> assertThat(((DestinationRefusedException) e).isRetryable())
                        .isFalse());

        DestinationGuard clean = new DestinationGuard(false, host -> new InetAddress[] {publicAddress});
        assertThat(clean.resolve(URI.create("https://hooks.example.com/x"))).isEqualTo(publicAddress);
    }

    @Test
    void guardAllowsLoopbackOnlyWhenConfigured() throws Exception {
        DestinationGuard strict = new DestinationGuard(false, InetAddress::getAllByName);
        assertThatThrownBy(() -> strict.resolve(URI.create("http://127.0.0.1:9/hook")))
                .isInstanceOf(DestinationRefusedException.class)
                .hasMessageContaining("loopback");
        assertThatThrownBy(() -> strict.resolve(URI.create("http://[::1]:9/hook")))
                .isInstanceOf(DestinationRefusedException.class)
                .hasMessageContaining("loopback");
        DestinationGuard permissive = new DestinationGuard(true, InetAddress::getAllByName);
        assertThat(permissive.resolve(URI.create("http://127.0.0.1:9/hook")).isLoopbackAddress())
                .isTrue();
    }

    @Test
    void anUnresolvableHostIsRetryable() {
        DestinationGuard guard = new DestinationGuard(false, host -> {
            throw new UnknownHostException(host);
        });
        assertThatThrownBy(() -> guard.resolve(URI.create("https://nowhere.invalid/")))
                .isInstanceOf(DestinationRefusedException.class)
                .satisfies(e -> assertThat(((DestinationRefusedException) e).isRetryable())
                        .isTrue());
    }
}
