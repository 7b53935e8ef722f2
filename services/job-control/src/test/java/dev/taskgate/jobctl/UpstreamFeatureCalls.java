package dev.taskgate.jobctl;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import io.restassured.response.Response;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.upstream.UpstreamFeatureAnswer;

import static org.assertj.core.api.Assertions.assertThat;

/** A caller's federated read on job-control's internal API, as mcp-frontend asks it (docs/gateway.md). */
final class UpstreamFeatureCalls {
    private UpstreamFeatureCalls() {}

    /** {@code method} with {@code params} (JSON text) for a caller in {@code workspace}: job-control's answer. */
    static UpstreamFeatureAnswer ask(String workspace, String method, String params) {
        Response response = SignedCalls.signed()
                .header(SignedCalls.PRINCIPAL, "https://taskgate.local/dev user-1")
                .header(SignedCalls.WORKSPACE, workspace)
                .contentType("application/json")
                .body(("{\"method\":\"" + method + "\",\"params\":" + params + "}").getBytes(StandardCharsets.UTF_8))
                .post("/internal/v1/upstream-features");
        response.then().statusCode(200);
        return Wire.fromBytes(response.asByteArray(), UpstreamFeatureAnswer.class);
    }

    /** As {@link #ask}, which must succeed: its result. */
    static JsonNode result(String workspace, String method, String params) {
        UpstreamFeatureAnswer answer = ask(workspace, method, params);
        assertThat(answer.failure()).as(method + " " + params).isNull();
        return answer.result();
    }

    /** The {@code member} of each item ({@code null}: the items themselves) as text. */
    static List<String> texts(JsonNode items, String member) {
        List<String> out = new ArrayList<>();
        items.forEach(i -> out.add(member == null ? i.asText() : i.path(member).asText()));
        return out;
    }
}
