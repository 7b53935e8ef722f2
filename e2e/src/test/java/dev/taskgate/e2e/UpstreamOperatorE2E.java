package dev.taskgate.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.e2e.Http.Reply;
import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 17 item 1: an operator sees the upstreams the project may use with their state — an unreachable one with the
 * reason — and refreshes one; registers an upstream through the API whose tools are then called with its sealed
 * credential, and deletes it; scope {@code upstreams:admin}; every call, refused ones included, is audited.
 */
@ExtendWith(LocalStack.class)
class UpstreamOperatorE2E {
    private static final String PROJECT =
            "gw-ops-" + UUID.randomUUID().toString().substring(0, 8);
    private static final String OPS = "/v1/orgs/acme/projects/" + PROJECT + "/operator";

    @Test
    void anOperatorSeesTheUpstreamsOfTheProjectRefreshesOneAndEveryCallIsAudited() {
        String admin = token("ada", "upstreams:admin");
        String auditor = token("otto", "executions:operator:status");

        JsonNode listed = await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(
                        () -> Http.rest("GET", OPS + "/upstreams", admin, null, null)
                                .json(),
                        json -> state(json, "counting").path("available").asBoolean()
                                && state(json, "gone").has("problem"));
        assertThat(ids(listed)).containsExactly("counting", "counting-ro", "gone");
        assertThat(state(listed, "counting").path("tools").asInt()).isGreaterThan(5);
        assertThat(state(listed, "gone").path("available").asBoolean()).isFalse();
        assertThat(state(listed, "gone").path("problem").asText()).contains("could not be reached");

        Reply refreshed = Http.rest("POST", OPS + "/upstreams/counting/refresh", admin, null, "");
        assertThat(refreshed.status()).as(refreshed.text()).isEqualTo(200);
        assertThat(refreshed.json().path("available").asBoolean()).isTrue();
        Reply stillGone = Http.rest("POST", OPS + "/upstreams/gone/refresh", admin, null, "");
        assertThat(stillGone.json().path("available").asBoolean()).isFalse();
        assertThat(Http.rest("POST", OPS + "/upstreams/nowhere/refresh", admin, null, "")
                        .status())
                .isEqualTo(404);
        assertThat(Http.rest("GET", OPS + "/upstreams", auditor, null, null).status())
                .isEqualTo(403);

        // another organization may not use counting: for its operator it does not exist
        String stranger = Tokens.forSubject("sam")
                .org("other")
                .project(PROJECT)
                .scopes("upstreams:admin")
                .sign();
        String strangerOps = "/v1/orgs/other/projects/" + PROJECT + "/operator";
        assertThat(ids(Http.rest("GET", strangerOps + "/upstreams", stranger, null, null)
                        .json()))
                .containsExactly("gone");
        assertThat(Http.rest("POST", strangerOps + "/upstreams/counting/refresh", stranger, null, "")
                        .status())
                .isEqualTo(404);

        Reply audit = Http.rest("GET", OPS + "/audit?limit=100", auditor, null, null);
        List<String> lines = new ArrayList<>();
        for (JsonNode e : audit.json().path("items")) {
            lines.add(e.path("principal").asText().replace(Tokens.DEFAULT_ISSUER + " ", "") + " "
                    + e.path("action").asText() + " " + e.path("outcome").asText());
        }
        assertThat(lines)
                .contains(
                        "otto upstreams.list insufficient_scope",
                        "ada upstreams.refresh not_found",
                        "ada upstreams.refresh ok",
                        "ada upstreams.list ok");
    }

    @Test
    void anUpstreamRegisteredThroughTheApiIsCalledWithItsSealedCredentialAndUnknownOnceDeleted() {
        String project = "gw-reg-" + UUID.randomUUID().toString().substring(0, 8);
        String ops = "/v1/orgs/acme/projects/" + project + "/operator";
        String operator = Tokens.forSubject("ada")
                .org("acme")
                .project(project)
                .scopes("upstreams:admin", "tools:call", "tools:write", "executions:operator:status")
                .sign();
        String id = "reg-" + UUID.randomUUID().toString().substring(0, 8);
        String namespace = id.replace("-", "_");
        String secret = "Bearer api-registered-" + UUID.randomUUID();

        Reply created = Http.rest("POST", ops + "/upstreams", operator, null, """
                {"id": "%s", "url": "%s", "namespace": "%s",
                 "credential": {"header": "Authorization", "value": "%s"},
                 "allowedTools": ["echo", "whoami"], "refreshInterval": "2s", "callTimeout": "60s"}
                """.formatted(
                        id, GatewayUpstreams.countingUrl(), namespace, secret));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(created.text()).doesNotContain(secret);
        assertThat(created.json().path("credential").path("set").asBoolean()).isTrue();

        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> GatewayUpstreams.listedTools(operator).contains(namespace + ".whoami"));
        int before = GatewayUpstreams.invocations("echo");
        JsonNode echoed = result(project, operator, namespace + ".echo", "{\"via\": \"api\"}");
        assertThat(echoed.path("structuredContent").path("via").asText())
                .as(echoed.toString())
                .isEqualTo("api");
        assertThat(GatewayUpstreams.invocations("echo")).isEqualTo(before + 1);
        JsonNode whoami = result(project, operator, namespace + ".whoami", "{}");
        assertThat(whoami.path("content").path(0).path("text").asText()).isEqualTo(secret);
        Reply shown = Http.rest("GET", ops + "/upstreams/" + id, operator, null, null);
        assertThat(shown.status()).isEqualTo(200);
        assertThat(shown.text()).doesNotContain(secret);

        Reply deleted = Http.rest("DELETE", ops + "/upstreams/" + id, operator, null, null);
        assertThat(deleted.status()).as(deleted.text()).isEqualTo(204);
        Reply refused = await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> submit(project, operator, namespace + ".echo", "{}"), r -> r.status() == 422);
        assertThat(refused.json().path("type").asText()).endsWith("/unknown-tool");
        assertThat(GatewayUpstreams.invocations("echo")).isEqualTo(before + 1);
        List<String> audited = new ArrayList<>();
        Http.rest("GET", ops + "/audit?limit=100", operator, null, null)
                .json()
                .path("items")
                .forEach(e -> audited.add(
                        e.path("action").asText() + " " + e.path("outcome").asText()));
        assertThat(audited).contains("upstreams.create ok", "upstreams.get ok", "upstreams.delete ok");
    }

    @Test
    void aRegistrationSharedWithAnotherProjectOfTheOrganizationIsCalledThereAndNeverBeyondIt() {
        String owner = "gw-own-" + UUID.randomUUID().toString().substring(0, 8);
        String shared = "gw-shr-" + UUID.randomUUID().toString().substring(0, 8);
        String outside = "gw-out-" + UUID.randomUUID().toString().substring(0, 8);
        String ops = "/v1/orgs/acme/projects/" + owner + "/operator";
        String operator = Tokens.forSubject("ada")
                .org("acme")
                .project(owner)
                .scopes("upstreams:admin", "executions:operator:status")
                .sign();
        String id = "shr-" + UUID.randomUUID().toString().substring(0, 8);
        String namespace = id.replace("-", "_");
        String body = """
                {"id": "%s", "url": "%s", "namespace": "%s", "workspaces": [%s],
                 "allowedTools": ["echo"], "refreshInterval": "2s", "callTimeout": "60s"}
                """;

        Reply everywhere = Http.rest(
                "POST",
                ops + "/upstreams",
                operator,
                null,
                body.formatted(id, GatewayUpstreams.countingUrl(), namespace, "\"*\""));
        assertThat(everywhere.status()).as(everywhere.text()).isEqualTo(403);
        assertThat(everywhere.json().path("type").asText()).endsWith("/insufficient-scope");
        Reply created = Http.rest(
                "POST",
                ops + "/upstreams",
                operator,
                null,
                body.formatted(id, GatewayUpstreams.countingUrl(), namespace, "\"acme/" + shared + "\""));
        assertThat(created.status()).as(created.text()).isEqualTo(201);

        String caller = Tokens.forSubject("bob")
                .org("acme")
                .project(shared)
                .scopes("tools:call", "tools:write")
                .sign();
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> GatewayUpstreams.listedTools(caller).contains(namespace + ".echo"));
        JsonNode echoed = result(shared, caller, namespace + ".echo", "{\"via\": \"shared\"}");
        assertThat(echoed.path("structuredContent").path("via").asText())
                .as(echoed.toString())
                .isEqualTo("shared");
        String stranger = Tokens.forSubject("eve")
                .org("acme")
                .project(outside)
                .scopes("tools:call", "tools:write")
                .sign();
        assertThat(GatewayUpstreams.listedTools(stranger)).doesNotContain(namespace + ".echo");
        Reply unknown = submit(outside, stranger, namespace + ".echo", "{}");
        assertThat(unknown.status()).as(unknown.text()).isEqualTo(422);
        assertThat(unknown.json().path("type").asText()).endsWith("/unknown-tool");

        assertThat(Http.rest("DELETE", ops + "/upstreams/" + id, operator, null, null)
                        .status())
                .isEqualTo(204);
    }

    private static Reply submit(String project, String token, String tool, String input) {
        return Http.rest(
                "POST",
                "/v1/orgs/acme/projects/" + project + "/tool-executions",
                token,
                "e2e-" + UUID.randomUUID(),
                "{\"tool_name\": \"" + tool + "\", \"input\": " + input + "}");
    }

    private static JsonNode result(String project, String token, String tool, String input) {
        Reply submitted = submit(project, token, tool, input);
        assertThat(submitted.status()).as(submitted.text()).isEqualTo(202);
        String executions = "/v1/orgs/acme/projects/" + project + "/tool-executions/"
                + submitted.json().path("execution_id").asText();
        await().atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> Http.rest("GET", executions, token, null, null)
                                .json()
                                .path("status")
                                .asText(),
                        s -> List.of("completed", "failed", "cancelled").contains(s));
        return Http.rest("GET", executions + "/result", token, null, null).json();
    }

    private static List<String> ids(JsonNode listed) {
        List<String> ids = new ArrayList<>();
        listed.path("items").forEach(item -> ids.add(item.path("id").asText()));
        return ids;
    }

    private static JsonNode state(JsonNode listed, String id) {
        for (JsonNode item : listed.path("items")) {
            if (item.path("id").asText().equals(id)) {
                return item;
            }
        }
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }

    private static String token(String subject, String... scopes) {
        return Tokens.forSubject(subject)
                .org("acme")
                .project(PROJECT)
                .scopes(scopes)
                .sign();
    }
}
