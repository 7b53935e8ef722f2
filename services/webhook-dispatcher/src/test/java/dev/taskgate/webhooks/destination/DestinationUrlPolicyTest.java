package dev.taskgate.webhooks.destination;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.taskgate.problem.ProblemException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Registration-time checks of subscription URLs. */
class DestinationUrlPolicyTest {
    private final DestinationUrlPolicy strict = new DestinationUrlPolicy(false, false);

    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://hooks.example.com/taskgate",
                "https://hooks.example.com:8443/a?b=c",
                "https://93.184.216.34/x",
                "https://[2606:4700:4700::1111]/x"
            })
    void acceptsPublicHttpsUrls(String url) {
        assertThat(strict.check(url).toString()).isEqualTo(url);
    }

    @ParameterizedTest
    @CsvSource({
        "http://hooks.example.com/x,invalid-request",
        "ftp://hooks.example.com/x,invalid-request",
        "/relative,invalid-request",
        "https:///nohost,invalid-request",
        "https://u:p@hooks.example.com/,invalid-request",
        "https://hooks.example.com/#frag,invalid-request",
        "'https://exa mple.com/',invalid-request",
        "https://127.0.0.1/x,destination-not-allowed",
        "https://10.1.2.3/x,destination-not-allowed",
        "https://169.254.169.254/latest,destination-not-allowed",
        "https://[::1]/x,destination-not-allowed",
        "https://localhost/x,destination-not-allowed",
        "https://a.localhost/x,destination-not-allowed",
        "https://999.1.1.1/x,invalid-request"
    })
    void refusesWithAProblem(String url, String slug) {
        assertThatThrownBy(() -> strict.check(url))
                .isInstanceOf(ProblemException.class)
                .satisfies(e -> assertThat(
                                ((ProblemException) e).problem().problem().type())
                        .endsWith("/" + slug));
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1:8080/hook", "http://localhost/x", "https://[::1]/x"})
    void allowsHttpAndLoopbackWhenConfigured(String url) {
        assertThat(new DestinationUrlPolicy(true, true).check(url).toString()).isEqualTo(url);
    }

    @org.junit.jupiter.api.Test
    void refusesOverlongUrls() {
        String url = "https://hooks.example.com/" + "a".repeat(DestinationUrlPolicy.MAX_LENGTH);
        assertThatThrownBy(() -> strict.check(url)).isInstanceOf(ProblemException.class);
    }
}
