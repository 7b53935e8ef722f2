package dev.taskgate.frontend.console;

import java.net.URI;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConsolePolicyTest {
    @Test
    void withoutAWebhooksUrlDataGoesToTheConsolesOwnOriginOnly() {
        ConsolePolicy policy = new ConsolePolicy(Optional.empty());

        assertThat(policy.contentSecurityPolicy()).contains("connect-src 'self';");
        assertThat(policy.settingsJson()).isEqualTo("{\"webhooks_url\":\"\"}");
    }

    @Test
    void aWebhooksUrlJoinsConnectSrcAsItsOrigin() {
        ConsolePolicy policy = new ConsolePolicy(Optional.of(URI.create("HTTPS://Hooks.Example.com/")));

        assertThat(policy.webhooksOrigin()).contains("https://hooks.example.com");
        assertThat(policy.contentSecurityPolicy()).contains("connect-src 'self' https://hooks.example.com;");
        assertThat(policy.settingsJson()).isEqualTo("{\"webhooks_url\":\"https://hooks.example.com\"}");
    }

    @Test
    void thePortIsPartOfTheOrigin() {
        assertThat(new ConsolePolicy(Optional.of(URI.create("http://127.0.0.1:8083"))).webhooksOrigin())
                .contains("http://127.0.0.1:8083");
    }

    @Test
    void thePolicyAllowsNoInlineCodeNoFramingAndNoPlugins() {
        String csp = new ConsolePolicy(Optional.empty()).contentSecurityPolicy();

        assertThat(csp)
                .startsWith("default-src 'self';")
                .contains("script-src 'self';", "style-src 'self';", "object-src 'none';", "base-uri 'none';")
                .endsWith("frame-ancestors 'none'")
                .doesNotContain("unsafe-inline", "unsafe-eval", "*");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "ftp://hooks.example.com",
                "https://hooks.example.com/v1",
                "https://hooks.example.com?x=1",
                "https://user@hooks.example.com",
                "https://hooks.example.com#f",
                "hooks.example.com",
                "javascript:alert(1)"
            })
    void aUrlThatIsNotAnOriginIsRefusedNamingTheKey(String url) {
        assertThatThrownBy(() -> new ConsolePolicy(Optional.of(URI.create(url))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(ConsolePolicy.WEBHOOKS_URL_KEY);
    }
}
