package dev.taskgate.frontend.operator;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.contracts.operator.CancelOutcome;
import dev.taskgate.contracts.operator.OperatorCancelResult;
import dev.taskgate.contracts.operator.OperatorCheckpoint;
import dev.taskgate.contracts.operator.OperatorExecution;
import dev.taskgate.contracts.operator.OperatorExecutionPage;
import dev.taskgate.contracts.operator.OperatorPayload;
import dev.taskgate.contracts.operator.OperatorRecovery;
import dev.taskgate.contracts.operator.OperatorUpstream;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The operator routes with the test playing job-control's operator API: each route needs its scope, refusals are
 * sent to the audit log before they are answered (and fail closed when it cannot record them), an internal id or
 * malformed handle never reaches job-control, and answers are mapped to the snake_case bodies.
 */
@QuarkusTest
class OperatorRoutesTest {
    private static final String BASE = "/v1/orgs/acme/projects/demo/operator";
    private static final String OPERATOR = Tokens.DEFAULT_ISSUER + " olga";
    private final FakeJobControlQueries jobControl = FakeJobControlQueries.get();

    @TestHTTPResource("/")
    URI base;

    @Inject
    ExecutionHandles handles;

    @BeforeEach
    void reset() {
        jobControl.reset();
    }

    private static String token(String... scopes) {
        return Tokens.forSubject("olga")
                .org("acme")
                .project("demo")
                .scopes(scopes)
                .sign();
    }

    private String aliceHandle(UUID id) {
        return handles.mint(id, Surface.REST, Fixtures.caller("alice"));
    }

    private List<AuditEntry> refusals() {
        return jobControl.requests().stream()
                .filter(r -> r.method().equals("POST") && r.path().equals("/internal/v1/operator/audit"))
                .map(r -> Wire.fromBytes(r.body().getBytes(), AuditEntry.class))
                .toList();
    }

    private static OperatorExecution view(String handle, ExecutionStatus status) {
        return new OperatorExecution(
                handle,
                "https://taskgate.local/dev alice",
                "demo.sleep",
                "1",
                status,
                Surface.REST,
                Fixtures.CREATED,
                Fixtures.CREATED.plusSeconds(1),
                Fixtures.CREATED.plusSeconds(60),
                Fixtures.CREATED.plusSeconds(120),
                2.0,
                10.0,
                false,
                1,
                null,
                null,
                null);
    }

    @Test
    void eachRouteNeedsItsScopeAndTheRefusalIsAudited() {
        String handle = aliceHandle(UUID.randomUUID());
        String[][] routes = {
            {"GET", BASE + "/tool-executions", "list", "executions:operator:status"},
            {"GET", BASE + "/tool-executions/" + handle, "get", "executions:operator:status"},
            {"GET", BASE + "/tool-executions/" + handle + "/payload", "payload", "executions:operator:payload"},
            {"POST", BASE + "/tool-executions/" + handle + "/cancel", "cancel", "executions:operator:cancel"},
            {"GET", BASE + "/audit", "audit.list", "executions:operator:status"}
        };
        // every operator scope except the one the route needs, plus the owner scopes
        for (String[] route : routes) {
            jobControl.reset();
            String[] others = List.of(
                            "tools:call",
                            "tools:write",
                            "executions:operator:status",
                            "executions:operator:payload",
                            "executions:operator:cancel")
                    .stream()
                    .filter(s -> !s.equals(route[3]))
                    .toArray(String[]::new);
            Api api = Api.at(base).bearer(token(others));
            Api.Result r = route[0].equals("GET") ? api.get(route[1]) : api.post(route[1]);

            assertThat(r.status()).as(route[1]).isEqualTo(403);
            assertThat(r.problemSlug()).isEqualTo("insufficient-scope");
            assertThat(refusals()).singleElement().satisfies(e -> {
                assertThat(e.action()).isEqualTo(route[2]);
                assertThat(e.outcome()).isEqualTo("insufficient_scope");
                assertThat(e.principal()).isEqualTo(OPERATOR);
                assertThat(e.workspace()).isEqualTo("acme/demo");
                assertThat(e.route()).isEqualTo(route[0] + " " + route[1]);
            });
            assertThat(jobControl.requests()).hasSize(1);
        }
    }

    @Test
    void anotherProjectsTokenGetsTheUniform404AndIsAuditedUnderThePathsProject() {
        String token = Tokens.forSubject("olga")
                .org("acme")
                .project("other")
                .scopes("executions:operator:status")
                .sign();

        Api.Result r = Api.at(base).bearer(token).get(BASE + "/tool-executions");

        assertThat(r.status()).isEqualTo(404);
        assertThat(r.problemSlug()).isEqualTo("not-found");
        assertThat(refusals()).singleElement().satisfies(e -> {
            assertThat(e.outcome()).isEqualTo("not_found");
            assertThat(e.workspace()).isEqualTo("acme/demo");
        });
    }

    @Test
    void anInternalIdOrMalformedHandleNeverReachesJobControl() {
        for (String id : List.of(UUID.randomUUID().toString(), "tgx_abc", "tgx_" + "A".repeat(44))) {
            jobControl.reset();
            Api.Result r =
                    Api.at(base).bearer(token("executions:operator:status")).get(BASE + "/tool-executions/" + id);

            assertThat(r.status()).as(id).isEqualTo(404);
            assertThat(refusals()).singleElement().satisfies(e -> {
                assertThat(e.outcome()).isEqualTo("not_found");
                assertThat(e.target()).isEqualTo(id);
            });
            assertThat(jobControl.requests()).hasSize(1);
        }
    }

    @Test
    void aRefusalThatCannotBeAuditedIs503() {
        jobControl.answer("POST", "/internal/v1/operator/audit", 500, "{}".getBytes());

        Api.Result r = Api.at(base).bearer(token("tools:call")).get(BASE + "/tool-executions");

        assertThat(r.status()).isEqualTo(503);
        assertThat(r.problemSlug()).isEqualTo("unavailable");
    }

    @Test
    void aMalformedWorkspacesClaimIs401() {
        String token = Tokens.forSubject("olga")
                .org("acme")
                .project("demo")
                .scopes("executions:operator:status")
                .claimJson("workspaces", "{\"acme\":\"demo\"}")
                .sign();

        Api.Result r = Api.at(base).bearer(token).get(BASE + "/tool-executions");

        assertThat(r.status()).isEqualTo(401);
        assertThat(r.problemSlug()).isEqualTo("unauthenticated");
        assertThat(jobControl.requests()).isEmpty();
    }

    /** Every parameter of the list, in the order the frontend forwards them. */
    private static final String LIST_QUERY = "status=working&tool=demo.sleep&principal=bob"
            + "&created_from=2026-12-04T10:00:00Z&created_before=2026-12-04T11:00:00Z&limit=5&cursor=abc";

    @Test
    void listForwardsTheOperatorAndParametersAndMapsThePage() {
        String handle = aliceHandle(UUID.randomUUID());
        jobControl.answer(
                "GET",
                "/internal/v1/operator/executions",
                200,
                Wire.toBytes(new OperatorExecutionPage(List.of(view(handle, ExecutionStatus.WORKING)), "next-1")));

        Api.Result r =
                Api.at(base).bearer(token("executions:operator:status")).get(BASE + "/tool-executions?" + LIST_QUERY);

        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        JsonNode item = r.json().path("items").path(0);
        assertThat(item.path("execution_id").asText()).isEqualTo(handle);
        assertThat(item.path("owner").asText()).isEqualTo("https://taskgate.local/dev alice");
        assertThat(item.path("status").asText()).isEqualTo("working");
        assertThat(item.path("cancel_requested").asBoolean()).isFalse();
        assertThat(item.has("input") || item.has("status_message")).isFalse();
        assertThat(r.json().path("next_cursor").asText()).isEqualTo("next-1");
        FakeJobControlQueries.Request sent = jobControl.requests().get(0);
        assertThat(sent.principal()).isEqualTo(OPERATOR);
        assertThat(sent.workspace()).isEqualTo("acme/demo");
        assertThat(URLDecoder.decode(sent.query(), StandardCharsets.UTF_8)).isEqualTo(LIST_QUERY);
        assertThat(sent.route()).isEqualTo("GET " + BASE + "/tool-executions?" + LIST_QUERY);
    }

    @Test
    void oneExecutionShowsItsAttemptAndEverySettlementOfALostOwner() {
        String handle = aliceHandle(UUID.randomUUID());
        Instant lost = Fixtures.CREATED.plusSeconds(30);
        Instant died = Fixtures.CREATED.plusSeconds(50);
        OperatorExecution twice = view(handle, ExecutionStatus.FAILED)
                .withRecoveries(List.of(
                        new OperatorRecovery(1, lost, "owner-lost", "replaced"),
                        new OperatorRecovery(2, died, "child-died", "failed")))
                .withCheckpoints(List.of(
                        new OperatorCheckpoint(OperatorCheckpoint.FRONTIER, 1, 3L, "rev-1", lost.minusSeconds(5)),
                        new OperatorCheckpoint(OperatorCheckpoint.RESULT, 2, null, null, died.minusSeconds(1))));
        jobControl.answer("GET", "/internal/v1/operator/executions/" + handle, 200, Wire.toBytes(twice));

        Api.Result r =
                Api.at(base).bearer(token("executions:operator:status")).get(BASE + "/tool-executions/" + handle);

        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        assertThat(r.json().path("attempt").asInt()).isEqualTo(1);
        assertThat(Instant.parse(r.json().path("owner_loss_detection_at").asText()))
                .isEqualTo(died);
        JsonNode recoveries = r.json().path("recoveries");
        assertThat(recoveries).hasSize(2);
        assertThat(recoveries.path(0).path("lost_attempt").asInt()).isEqualTo(1);
        assertThat(Instant.parse(recoveries.path(0).path("detected_at").asText()))
                .isEqualTo(lost);
        assertThat(recoveries.path(0).path("cause").asText()).isEqualTo("owner-lost");
        assertThat(recoveries.path(0).path("outcome").asText()).isEqualTo("replaced");
        assertThat(recoveries.path(1).path("cause").asText()).isEqualTo("child-died");
        assertThat(recoveries.path(1).path("outcome").asText()).isEqualTo("failed");
        JsonNode checkpoints = r.json().path("checkpoints");
        assertThat(checkpoints).hasSize(2);
        assertThat(checkpoints.path(0).path("kind").asText()).isEqualTo("frontier");
        assertThat(checkpoints.path(0).path("epoch").asLong()).isEqualTo(1);
        assertThat(checkpoints.path(0).path("sequence").asLong()).isEqualTo(3);
        assertThat(checkpoints.path(0).path("revision").asText()).isEqualTo("rev-1");
        assertThat(Instant.parse(checkpoints.path(0).path("saved_at").asText())).isEqualTo(lost.minusSeconds(5));
        assertThat(checkpoints.path(1).path("kind").asText()).isEqualTo("result");
        assertThat(checkpoints.path(1).has("sequence") || checkpoints.path(1).has("revision"))
                .isFalse();
    }

    @Test
    void jobControls400And404AreInvalidRequestAndTheUniform404() {
        jobControl.answer(
                "GET",
                "/internal/v1/operator/executions",
                400,
                Wire.toBytes(dev.taskgate.contracts.Problem.of(
                        "invalid-request", "Invalid request", 400, "limit must be small.")));
        Api.Result bad =
                Api.at(base).bearer(token("executions:operator:status")).get(BASE + "/tool-executions?limit=1000");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().path("detail").asText()).isEqualTo("limit must be small.");

        String handle = aliceHandle(UUID.randomUUID());
        Api.Result unknown =
                Api.at(base).bearer(token("executions:operator:status")).get(BASE + "/tool-executions/" + handle);
        Api.Result malformed = Api.at(base)
                .bearer(token("executions:operator:status"))
                .get(BASE + "/tool-executions/" + handle.substring(0, 20));
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(malformed.status()).isEqualTo(404);
        assertThat(withoutInstance(unknown)).isEqualTo(withoutInstance(malformed));
    }

    @Test
    void payloadCarriesTheExactInputAndResultJson() {
        String handle = aliceHandle(UUID.randomUUID());
        String input = "{\"b\": 2.50, \"a\":[1]}";
        String result = "{\"content\":[],\"isError\":false}";
        jobControl.answer(
                "GET",
                "/internal/v1/operator/executions/" + handle + "/payload",
                200,
                Wire.toBytes(
                        new OperatorPayload(view(handle, ExecutionStatus.COMPLETED), input, result, null, "done")));

        Api.Result r = Api.at(base)
                .bearer(token("executions:operator:payload"))
                .get(BASE + "/tool-executions/" + handle + "/payload");

        assertThat(r.status()).isEqualTo(200);
        assertThat(r.text()).contains("\"input\":" + input).contains("\"result\":" + result);
        assertThat(r.json().path("status_message").asText()).isEqualTo("done");
    }

    @Test
    void cancelAnswersJobControlsOutcome() {
        String handle = aliceHandle(UUID.randomUUID());
        jobControl.answer(
                "POST",
                "/internal/v1/operator/executions/" + handle + "/cancel",
                200,
                Wire.toBytes(new OperatorCancelResult(
                        CancelOutcome.STOP_ALREADY_REQUESTED, view(handle, ExecutionStatus.WORKING))));

        Api.Result r = Api.at(base)
                .bearer(token("executions:operator:cancel"))
                .post(BASE + "/tool-executions/" + handle + "/cancel");

        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().path("outcome").asText()).isEqualTo("stop_already_requested");
        assertThat(r.json().path("execution").path("status").asText()).isEqualTo("working");
    }

    private static String withoutInstance(Api.Result r) {
        return r.text().replaceAll("\"instance\":\"[^\"]*\"", "");
    }

    private static OperatorUpstream registered(String id, long revision) {
        return new OperatorUpstream(
                id,
                OperatorUpstream.API,
                revision,
                "acme/demo",
                Wire.mapper().createObjectNode().put("id", id).put("url", "https://mcp.example.com/mcp"),
                new OperatorUpstream.Credential("Authorization", true),
                Fixtures.CREATED,
                Fixtures.CREATED,
                new UpstreamState(id, id, false, "not listed yet", 0, List.of("acme/demo"), revision));
    }

    private static byte[] problem(int status, String slug, String detail) {
        return Wire.toBytes(dev.taskgate.contracts.Problem.of(slug, slug, status, detail));
    }

    @Test
    void eachUpstreamRegistrationRouteNeedsUpstreamsAdminAndTheRefusalIsAuditedWithoutTheBody() {
        String body =
                "{\"id\":\"u1\",\"url\":\"https://mcp.example.com/mcp\"," + "\"credential\":{\"value\":\"s3cret\"}}";
        String[][] routes = {
            {"POST", BASE + "/upstreams", "upstreams.create", null},
            {"GET", BASE + "/upstreams/u1", "upstreams.get", "u1"},
            {"PUT", BASE + "/upstreams/u1", "upstreams.update", "u1"},
            {"DELETE", BASE + "/upstreams/u1", "upstreams.delete", "u1"}
        };
        for (String[] route : routes) {
            jobControl.reset();
            Api api = Api.at(base)
                    .bearer(token("executions:operator:status", "executions:operator:cancel", "tools:write"));
            Api.Result r = switch (route[0]) {
                case "POST" -> api.json(body).post(route[1]);
                case "PUT" -> api.json(body).put(route[1]);
                case "DELETE" -> api.delete(route[1]);
                default -> api.get(route[1]);
            };

            assertThat(r.status()).as(route[1]).isEqualTo(403);
            assertThat(r.problemSlug()).isEqualTo("insufficient-scope");
            assertThat(refusals()).singleElement().satisfies(e -> {
                assertThat(e.action()).isEqualTo(route[2]);
                assertThat(e.target()).isEqualTo(route[3]);
                assertThat(e.outcome()).isEqualTo("insufficient_scope");
                assertThat(e.route()).isEqualTo(route[0] + " " + route[1]);
            });
            assertThat(jobControl.requests())
                    .singleElement()
                    .satisfies(q -> assertThat(q.body()).doesNotContain("s3cret"));
        }
    }

    @Test
    void upstreamRegistrationIsForwardedAsSentAndAnsweredWithLocationAndEtag() {
        String body = "{\"id\":\"u1\",\"url\":\"https://mcp.example.com/mcp\","
                + "\"credential\":{\"header\":\"Authorization\",\"value\":\"s3cret\"}}";
        jobControl.answer("POST", "/internal/v1/operator/upstreams", 201, Wire.toBytes(registered("u1", 1)));
        jobControl.answer("PUT", "/internal/v1/operator/upstreams/u1", 200, Wire.toBytes(registered("u1", 2)));
        jobControl.answer("GET", "/internal/v1/operator/upstreams/u1", 200, Wire.toBytes(registered("u1", 2)));
        jobControl.answer("DELETE", "/internal/v1/operator/upstreams/u1", 204, new byte[0]);
        Api api = Api.at(base).bearer(token("upstreams:admin"));

        Api.Result created = api.json(body).post(BASE + "/upstreams");
        Api.Result updated = Api.at(base)
                .bearer(token("upstreams:admin"))
                .header("If-Match", "\"1\"")
                .json("{\"url\":\"https://mcp.example.com/v2\"}")
                .put(BASE + "/upstreams/u1");
        Api.Result got = Api.at(base).bearer(token("upstreams:admin")).get(BASE + "/upstreams/u1");
        Api.Result deleted = Api.at(base)
                .bearer(token("upstreams:admin"))
                .header("If-Match", "\"2\"")
                .delete(BASE + "/upstreams/u1");

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("Location")).endsWith(BASE + "/upstreams/u1");
        assertThat(created.header("ETag")).isEqualTo("\"1\"");
        assertThat(created.json().path("credential").toString())
                .isEqualTo("{\"header\":\"Authorization\",\"set\":true}");
        assertThat(updated.status()).isEqualTo(200);
        assertThat(updated.header("ETag")).isEqualTo("\"2\"");
        assertThat(got.status()).isEqualTo(200);
        assertThat(got.json().path("revision").asLong()).isEqualTo(2);
        assertThat(deleted.status()).isEqualTo(204);
        List<FakeJobControlQueries.Request> sent = jobControl.requests();
        assertThat(sent)
                .extracting(FakeJobControlQueries.Request::method)
                .containsExactly("POST", "PUT", "GET", "DELETE");
        assertThat(sent.get(0).body()).isEqualTo(body);
        assertThat(sent.get(0).route()).isEqualTo("POST " + BASE + "/upstreams");
        assertThat(sent).allSatisfy(q -> {
            assertThat(q.principal()).isEqualTo(OPERATOR);
            assertThat(q.workspace()).isEqualTo("acme/demo");
        });
        assertThat(sent.get(1).query()).isEqualTo("ifMatch=%221%22");
        assertThat(sent.get(1).route()).isEqualTo("PUT " + BASE + "/upstreams/u1");
        assertThat(sent.get(3).query()).isEqualTo("ifMatch=%222%22");
        assertThat(refusals()).isEmpty();
    }

    @Test
    void jobControlsRegistrationRefusalsKeepTheirTypeAndDetail() {
        Object[][] cases = {
            {400, "invalid-request", "an upstream has an unknown field 'colour'"},
            {409, "upstream-conflict", "Upstream u1 is defined in the upstreams file; change it there."},
            {412, "precondition-failed", "Upstream u1 is at revision 3"},
            {422, "upstream-refused", "the host of upstream u1 resolves to a private address"},
            {404, "not-found", null}
        };
        for (Object[] c : cases) {
            jobControl.reset();
            jobControl.answer(
                    "PUT", "/internal/v1/operator/upstreams/u1", (int) c[0], problem((int) c[0], (String) c[1], (String)
                            c[2]));

            Api.Result r = Api.at(base)
                    .bearer(token("upstreams:admin"))
                    .json("{\"url\":\"https://mcp.example.com/mcp\"}")
                    .put(BASE + "/upstreams/u1");

            assertThat(r.status()).as(c[1].toString()).isEqualTo(c[0]);
            assertThat(r.problemSlug()).isEqualTo(c[1]);
            if (c[2] != null) {
                assertThat(r.json().path("detail").asText()).isEqualTo(c[2]);
            }
        }
    }
}
