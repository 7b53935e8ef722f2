package dev.taskgate.e2e;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.serviceauth.CallerAssertion;
import dev.taskgate.testsupport.DevServiceKeys;
import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * job-control's internal API probed as a neighbour on the host would: bare identity headers and assertions signed
 * with any key the stack does not trust (here the public development key) are refused, whatever they ask for; and a
 * subject whose characters a Latin-1 header would have cut sees its own executions and its low-byte twin none.
 */
@ExtendWith(LocalStack.class)
class InternalApiE2E {
    private static final String BASE = "/v1/orgs/acme/projects/demo/tool-executions";
    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void forgedHeadersAndUntrustedAssertionsAreRefusedOnEveryInternalRoute() throws Exception {
        String principal = Tokens.DEFAULT_ISSUER + " alice";
        String[][] probes = {
            {"GET", "/internal/v1/executions"},
            {"GET", "/internal/v1/executions/" + UUID.randomUUID() + "/outcome"},
            {"GET", "/internal/v1/operator/executions"},
            {"POST", "/internal/v1/operator/executions/tgx_x/cancel"},
            {"GET", "/internal/v1/operator/executions/tgx_x/payload"},
            {"GET", "/internal/v1/artifacts/by-key?workspace=acme/demo&key=k"},
            {"PUT", "/internal/v1/receipts/k/cancel-mark"},
            {"POST", "/internal/v1/operator/upstreams"},
            {"GET", "/internal/v1/operator/upstreams/counting"},
            {"PUT", "/internal/v1/operator/upstreams/counting"},
            {"DELETE", "/internal/v1/operator/upstreams/counting"},
            {"GET", "/internal/v1/upstreams/counting/call-target"},
        };

        for (String[] probe : probes) {
            HttpResponse<String> forged = send(
                    probe[0],
                    probe[1],
                    request -> request.header("Taskgate-Principal", principal)
                            .header("Taskgate-Workspace", "acme/demo")
                            .header("Taskgate-Route", "GET /x"));
            String devSigned = DevServiceKeys.signer("mcp-frontend")
                    .sign(probe[0], probe[1], null, principal, "acme/demo", "GET /x");
            HttpResponse<String> untrusted =
                    send(probe[0], probe[1], request -> request.header(CallerAssertion.HEADER, devSigned));

            assertThat(forged.statusCode())
                    .as("forged headers: " + probe[0] + " " + probe[1])
                    .isEqualTo(401);
            assertThat(untrusted.statusCode())
                    .as("dev key: " + probe[0] + " " + probe[1])
                    .isEqualTo(401);
            assertThat(forged.body()).contains("unauthenticated").doesNotContain("alice");
        }
    }

    @Test
    void aCjkSubjectSeesItsOwnExecutionsAndItsLowByteTwinNone() throws Exception {
        String suffix = UUID.randomUUID().toString();
        String cjk = token("rv\u4e3fuser-" + suffix);
        String twin = token("rv?user-" + suffix);

        Http.Reply created =
                Http.rest("POST", BASE, cjk, "k-" + suffix, "{\"tool_name\":\"demo.echo\",\"input\":{\"n\":1}}");
        assertThat(created.status()).as(created.text()).isEqualTo(202);
        String id = created.json().path("execution_id").asText();

        JsonNode own = Http.rest("GET", BASE, cjk, null, null).json();
        JsonNode twins = Http.rest("GET", BASE, twin, null, null).json();
        Http.Reply twinReads = Http.rest("GET", BASE + "/" + id, twin, null, null);

        assertThat(own.path("items"))
                .extracting(item -> item.path("execution_id").asText())
                .containsExactly(id);
        assertThat(twins.path("items")).isEmpty();
        assertThat(twinReads.status()).isEqualTo(404);
    }

    private static String token(String subject) {
        return Tokens.forSubject(subject)
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
    }

    private static HttpResponse<String> send(
            String method, String target, java.util.function.UnaryOperator<HttpRequest.Builder> headers)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(
                        URI.create(LocalStack.get().service("job-control").baseUrl() + target))
                .timeout(Duration.ofSeconds(30))
                .method(method, HttpRequest.BodyPublishers.noBody());
        return CLIENT.send(headers.apply(request).build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }
}
