package dev.taskgate.frontend.mcp.http;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class HostGuardTest {
    private final HostGuard guard = new HostGuard(List.of("mcp.example.com"), List.of("alias.example.com:8443"));

    @ParameterizedTest
    @ValueSource(
            strings = {
                "localhost",
                "localhost:8080",
                "127.0.0.1",
                "127.0.0.1:1",
                "[::1]",
                "[::1]:8080",
                "LOCALHOST",
                "mcp.example.com",
                "MCP.Example.COM:443",
                "mcp.example.com.",
                "alias.example.com",
                " alias.example.com:9 "
            })
    void allowsLoopbackThePublicHostAndConfiguredNamesOnAnyPort(String host) {
        assertThat(guard.check(host)).isEqualTo(HostGuard.Verdict.ALLOWED);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "evil.example",
                "evil.example:8080",
                "localhost.evil.example",
                "127.0.0.1.nip.io",
                "example.com",
                "mcp.example.com.evil",
                "[::2]",
                "0.0.0.0",
                "10.0.0.1:8080"
            })
    void refusesEveryOtherName(String host) {
        assertThat(guard.check(host)).isEqualTo(HostGuard.Verdict.FOREIGN);
    }

    @Test
    void aMissingOrBlankHostIsMissing() {
        assertThat(guard.check((String) null)).isEqualTo(HostGuard.Verdict.MISSING);
        assertThat(guard.check(" ")).isEqualTo(HostGuard.Verdict.MISSING);
    }

    @Test
    void aWildcardAllowsAnyName() {
        assertThat(new HostGuard(List.of(), List.of("*")).check("anything.example"))
                .isEqualTo(HostGuard.Verdict.ALLOWED);
    }
}
