package dev.taskgate.frontend.mcp.compat;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class CompatArgumentsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void getDefaultsToNoWait() {
        CompatArguments.Get get = CompatArguments.get("execution_get", json("{\"execution_id\":\"tgx_a\"}"));
        assertThat(get.executionId()).isEqualTo("tgx_a");
        assertThat(get.waitMs()).isZero();
    }

    @Test
    void getAcceptsTheLongestWait() {
        assertThat(CompatArguments.get("job_inspect", json("{\"execution_id\":\"tgx_a\",\"wait_ms\":45000}"))
                        .waitMs())
                .isEqualTo(45_000);
    }

    @Test
    void getReportsEveryViolationWithItsPointer() {
        McpException e =
                invalid(() -> CompatArguments.get("execution_get", json("{\"wait_ms\":45001,\"executionId\":\"x\"}")));
        assertThat(e.error().code()).isEqualTo(McpErrors.INVALID_PARAMS);
        assertThat(e.error().message()).contains("execution_get");
        assertThat(e.error().data().path("errors"))
                .extracting(v -> v.path("pointer").asText())
                .containsExactlyInAnyOrder("/arguments/executionId", "/arguments/execution_id", "/arguments/wait_ms");
    }

    @Test
    void rejectsWrongTypes() {
        for (String bad : new String[] {
            "{\"execution_id\":7}",
            "{\"execution_id\":\"\"}",
            "{\"execution_id\":\"a\",\"wait_ms\":1.5}",
            "{\"execution_id\":\"a\",\"wait_ms\":-1}",
            "{\"execution_id\":\"a\",\"wait_ms\":\"10\"}",
            "[]",
            "\"tgx\""
        }) {
            invalid(() -> CompatArguments.get("execution_get", json(bad)));
        }
        invalid(() -> CompatArguments.get("execution_get", json("{\"execution_id\":\"" + "a".repeat(513) + "\"}")));
    }

    @Test
    void absentArgumentsAreAnEmptyObject() {
        McpException e = invalid(() -> CompatArguments.cancel("execution_cancel", null));
        assertThat(e.error().data().at("/errors/0/pointer").asText()).isEqualTo("/arguments/execution_id");
        assertThat(CompatArguments.list("execution_list", null).limit()).isEqualTo(20);
    }

    @Test
    void listBoundsThePageSize() {
        assertThat(CompatArguments.list("execution_list", json("{\"limit\":100,\"cursor\":\"c\"}"))
                        .limit())
                .isEqualTo(100);
        invalid(() -> CompatArguments.list("execution_list", json("{\"limit\":0}")));
        invalid(() -> CompatArguments.list("execution_list", json("{\"limit\":101}")));
        invalid(() -> CompatArguments.list("execution_list", json("{\"cursor\":5}")));
    }

    @Test
    void provideInputNeedsAnElicitResult() {
        CompatArguments.ProvideInput ok = CompatArguments.provideInput(
                "execution_provide_input",
                json("{\"execution_id\":\"a\",\"request_key\":\"ir_1\",\"response\":{\"action\":\"accept\","
                        + "\"content\":{\"confirm\":true}}}"));
        assertThat(ok.response().path("action").asText()).isEqualTo("accept");
        McpException e = invalid(() -> CompatArguments.provideInput(
                "execution_provide_input",
                json("{\"execution_id\":\"a\",\"request_key\":\"ir_1\",\"response\":{\"action\":\"decline\","
                        + "\"content\":{}}}")));
        assertThat(e.error().data().at("/errors/0/pointer").asText()).isEqualTo("/arguments/response/content");
        McpException missing = invalid(() -> CompatArguments.provideInput("execution_provide_input", json("{}")));
        assertThat(missing.error().data().path("errors")).hasSize(3);
    }

    @Test
    void provideInputTakesASamplingOrRootsResultAndRefusesAMalformedOne() {
        CompatArguments.ProvideInput sampled = CompatArguments.provideInput(
                "execution_provide_input",
                json("{\"execution_id\":\"a\",\"request_key\":\"upstream-sampling-1\",\"response\":"
                        + "{\"role\":\"assistant\",\"content\":{\"type\":\"text\",\"text\":\"hi\"},"
                        + "\"model\":\"m\"}}"));
        assertThat(sampled.response().path("model").asText()).isEqualTo("m");
        CompatArguments.ProvideInput roots = CompatArguments.provideInput(
                "execution_provide_input",
                json("{\"execution_id\":\"a\",\"request_key\":\"upstream-roots-1\",\"response\":"
                        + "{\"roots\":[{\"uri\":\"file:///w\"}]}}"));
        assertThat(roots.response().path("roots")).hasSize(1);

        McpException badRoots = invalid(() -> CompatArguments.provideInput(
                "execution_provide_input",
                json("{\"execution_id\":\"a\",\"request_key\":\"k\",\"response\":{\"roots\":{}}}")));
        assertThat(badRoots.error().data().at("/errors/0/pointer").asText()).startsWith("/arguments/response");
    }

    private static McpException invalid(Runnable call) {
        McpException e = catchThrowableOfType(McpException.class, call::run);
        assertThat(e).as("expected a -32602").isNotNull();
        assertThat(e.error().code()).isEqualTo(McpErrors.INVALID_PARAMS);
        assertThat(e.disposition()).isEqualTo(McpException.Disposition.ANSWERED);
        return e;
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
