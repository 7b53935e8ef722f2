package dev.taskgate.frontend.execution.rest;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.Wire;
import dev.taskgate.problem.ProblemException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class CreateExecutionBodyTest {

    @Test
    void keepsDecimalsExactly() throws Exception {
        CreateExecutionBody body = parse("{\"tool_name\":\"demo.echo\",\"input\":{\"a\":0.10,\"b\":1e400}}");

        assertThat(Wire.mapper().writeValueAsString(body.input())).contains("0.10");
        assertThat(body.input().path("b").isBigDecimal()).isTrue();
    }

    @Test
    void malformedJsonDetailNamesTheLocationButIsOneLine() {
        ProblemException e = catchThrowableOfType(ProblemException.class, () -> parse("{\n  \"tool_name\": }"));

        assertThat(e.problem().problem().type()).endsWith("/malformed-json");
        assertThat(e.problem().problem().detail()).contains("line 2").doesNotContain("\n");
    }

    @Test
    void nestingBeyondTheParserLimitIsMalformed() {
        String deep = "{\"tool_name\":\"demo.echo\",\"input\":{\"a\":" + "[".repeat(5000) + "]".repeat(5000) + "}}";

        ProblemException e = catchThrowableOfType(ProblemException.class, () -> parse(deep));

        assertThat(e.problem().problem().type()).endsWith("/malformed-json");
    }

    @Test
    void nullMembersCountAsMissing() {
        ProblemException e = catchThrowableOfType(
                ProblemException.class, () -> parse("{\"tool_name\":\"demo.echo\",\"input\":null}"));

        assertThat(e.problem().problem().type()).endsWith("/invalid-request");
        assertThat(e.problem().problem().detail()).contains("input is required");
    }

    private static CreateExecutionBody parse(String json) {
        return CreateExecutionBody.parse(json.getBytes(StandardCharsets.UTF_8));
    }
}
