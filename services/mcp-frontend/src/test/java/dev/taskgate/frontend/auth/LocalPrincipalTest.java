package dev.taskgate.frontend.auth;

import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.taskgate.contracts.Caller;
import dev.taskgate.frontend.FrontendConfig;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LocalPrincipalTest {

    private static FrontendConfig.LocalPrincipal settings(boolean enabled, String subject, String org, String project) {
        return new FrontendConfig.LocalPrincipal() {
            @Override
            public boolean enabled() {
                return enabled;
            }

            @Override
            public Optional<String> subject() {
                return Optional.ofNullable(subject);
            }

            @Override
            public Optional<String> orgId() {
                return Optional.ofNullable(org);
            }

            @Override
            public Optional<String> projectId() {
                return Optional.ofNullable(project);
            }

            @Override
            public String scope() {
                return "tools:call tools:write";
            }
        };
    }

    @Test
    void isOffByDefaultWhateverTheListener() {
        assertThat(new LocalPrincipal(settings(false, null, null, null), "0.0.0.0").caller())
                .isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "localhost", "::1", "127.0.0.2"})
    void mapsUnauthenticatedRequestsToTheConfiguredPrincipalOnALoopbackListener(String host) {
        AuthenticatedCaller caller = new LocalPrincipal(settings(true, "me", "o1", "p1"), host)
                .caller()
                .orElseThrow();

        assertThat(caller.caller()).isEqualTo(new Caller(LocalPrincipal.ISSUER, "me", "o1", "p1"));
        assertThat(caller.scopes()).containsExactlyInAnyOrder("tools:call", "tools:write");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.0.0.0", "::", "192.0.2.10", "", "no-such-host.invalid"})
    void refusesToStartUnlessTheListenerIsLoopback(String host) {
        assertThatThrownBy(() -> new LocalPrincipal(settings(true, "me", "o1", "p1"), host))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("quarkus.http.host=" + host)
                .hasMessageContaining("loopback");
    }

    @Test
    void refusesToStartWithoutSubjectOrgOrProject() {
        assertThatThrownBy(() -> new LocalPrincipal(settings(true, null, "o1", "p1"), "127.0.0.1"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("local-principal.subject");
        assertThatThrownBy(() -> new LocalPrincipal(settings(true, "me", " ", "p1"), "127.0.0.1"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("local-principal.org-id");
        assertThatThrownBy(() -> new LocalPrincipal(settings(true, "me", "o1", null), "127.0.0.1"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("local-principal.project-id");
    }
}
