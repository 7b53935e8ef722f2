package dev.taskgate.cli.http;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import dev.taskgate.cli.ExitCodes;

import static org.assertj.core.api.Assertions.assertThat;

class ProblemTest {
    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void describesAProblemWithItsFieldErrors() {
        Problem problem = Problem.of(422, "application/problem+json", bytes("""
                        {"type":"https://taskgate.dev/problems/invalid-input","title":"Invalid input","status":422,
                         "detail":"The input does not match the tool's schema.",
                         "errors":[{"pointer":"/input/seconds","message":"must be a number"}]}"""), null);

        assertThat(problem.slug()).isEqualTo("invalid-input");
        assertThat(problem.describe())
                .isEqualTo("Invalid input (422 invalid-input): The input does not match the tool's schema."
                        + System.lineSeparator() + "  /input/seconds: must be a number");
    }

    @Test
    void namesTheCorrelationIdAndRetryAfter() {
        Problem problem = Problem.of(
                503,
                "application/problem+json",
                bytes("{\"type\":\"https://taskgate.dev/problems/unavailable\",\"title\":\"Unavailable\","
                        + "\"correlation_id\":\"c-1\"}"),
                "2");

        assertThat(problem.describe())
                .contains("Unavailable (503 unavailable)")
                .contains("retry after 2 s")
                .contains("correlation id c-1");
    }

    @Test
    void aBodyThatIsNotJsonIsShownAsText() {
        Problem problem = Problem.of(502, "text/html", bytes("<html>Bad gateway</html>"), null);
        assertThat(problem.describe()).isEqualTo("HTTP 502 (502): <html>Bad gateway</html>");
    }

    @Test
    void aJsonRpcErrorIsReadToo() {
        Problem problem = Problem.of(
                400,
                "application/json",
                bytes("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32020,\"message\":\"header mismatch\"}}"),
                null);
        assertThat(problem.describe()).isEqualTo("HTTP 400 (400): header mismatch");
    }

    @Test
    void addsAHintToAuthenticationFailures() {
        assertThat(Problem.of(401, null, new byte[0], null).describe()).contains("The token was refused");
        assertThat(Problem.of(403, null, new byte[0], null).describe()).contains("lacks a scope");
    }

    @Test
    void clientErrorsAreRefusalsAndServerErrorsUnavailability() {
        assertThat(ApiException.exitCodeOf(404)).isEqualTo(ExitCodes.REFUSED);
        assertThat(ApiException.exitCodeOf(409)).isEqualTo(ExitCodes.REFUSED);
        assertThat(ApiException.exitCodeOf(429)).isEqualTo(ExitCodes.UNAVAILABLE);
        assertThat(ApiException.exitCodeOf(500)).isEqualTo(ExitCodes.UNAVAILABLE);
        assertThat(ApiException.exitCodeOf(503)).isEqualTo(ExitCodes.UNAVAILABLE);
    }
}
