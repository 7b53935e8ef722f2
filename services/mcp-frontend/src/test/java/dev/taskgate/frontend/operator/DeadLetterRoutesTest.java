package dev.taskgate.frontend.operator;

import java.net.URI;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.contracts.operator.DeadLetter;
import dev.taskgate.contracts.operator.DeadLetterPage;
import dev.taskgate.contracts.operator.DeadLetterReplays;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dead-letter operator routes with the test playing job-control: they need {@code deadletters:admin} (refusal
 * audited, nothing forwarded), forward the operator, parameters and public route, map the bodies to snake_case and
 * keep job-control's refusals (403 of another project, 409 already replayed, 422, 404) with their detail.
 */
@QuarkusTest
class DeadLetterRoutesTest {
    private static final String BASE = "/v1/orgs/taskgate/projects/operator/operator/dead-letters";
    private static final String DLQ = "fe-test.taskgate.commands.v1.dlq";
    private final FakeJobControlQueries jobControl = FakeJobControlQueries.get();

    @TestHTTPResource("/")
    URI base;

    @BeforeEach
    void reset() {
        jobControl.reset();
    }

    private static String token(String... scopes) {
        return Tokens.forSubject("olga")
                .org("taskgate")
                .project("operator")
                .scopes(scopes)
                .sign();
    }

    private List<AuditEntry> refusals() {
        return jobControl.requests().stream()
                .filter(r -> r.method().equals("POST") && r.path().equals("/internal/v1/operator/audit"))
                .map(r -> Wire.fromBytes(r.body().getBytes(), AuditEntry.class))
                .toList();
    }

    @Test
    void eachRouteNeedsDeadlettersAdminAndTheRefusalIsAudited() {
        String[][] routes = {
            {"GET", BASE + "?topic=" + DLQ, "deadletters.list"},
            {"POST", BASE + "/" + DLQ + "/0/7/replay", "deadletters.replay"},
            {"POST", BASE + "/" + DLQ + "/0/replay?from=1&to=3", "deadletters.replay"}
        };
        for (String[] route : routes) {
            jobControl.reset();
            Api api = Api.at(base)
                    .bearer(token(
                            "tools:call",
                            "executions:operator:status",
                            "executions:operator:cancel",
                            "executions:operator:payload",
                            "upstreams:admin"));
            Api.Result r = route[0].equals("GET") ? api.get(route[1]) : api.post(route[1]);

            assertThat(r.status()).as(route[1]).isEqualTo(403);
            assertThat(r.problemSlug()).isEqualTo("insufficient-scope");
            assertThat(refusals()).singleElement().satisfies(e -> {
                assertThat(e.action()).isEqualTo(route[2]);
                assertThat(e.outcome()).isEqualTo("insufficient_scope");
                assertThat(e.workspace()).isEqualTo("taskgate/operator");
                assertThat(e.route()).isEqualTo(route[0] + " " + route[1]);
            });
            assertThat(jobControl.requests()).hasSize(1);
        }
    }

    @Test
    void listForwardsTheParametersAndMapsThePageWithoutValues() {
        DeadLetter item = new DeadLetter(
                DLQ,
                0,
                7,
                Instant.parse("2026-03-02T10:15:58.310Z"),
                "key-1",
                "fe-test.taskgate.commands.v1",
                2,
                1204L,
                "Unknown message-type",
                null,
                "SubmitExecution",
                "5f0c2b8e-1d3a-4e6f-8a9b-0c1d2e3f4a5b",
                null,
                0);
        jobControl.answer(
                "GET",
                "/internal/v1/operator/dead-letters",
                200,
                Wire.toBytes(new DeadLetterPage(List.of(item), DLQ + "/0/8")));

        Api.Result r =
                Api.at(base).bearer(token("deadletters:admin")).get(BASE + "?topic=" + DLQ + "&partition=0&limit=1");

        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        JsonNode listed = r.json().path("items").path(0);
        assertThat(listed.path("topic").asText()).isEqualTo(DLQ);
        assertThat(listed.path("offset").asLong()).isEqualTo(7);
        assertThat(listed.path("source_topic").asText()).isEqualTo("fe-test.taskgate.commands.v1");
        assertThat(listed.path("source_partition").asInt()).isEqualTo(2);
        assertThat(listed.path("source_offset").asLong()).isEqualTo(1204);
        assertThat(listed.path("message_type").asText()).isEqualTo("SubmitExecution");
        assertThat(listed.path("replays").asInt()).isZero();
        assertThat(listed.has("value")).isFalse();
        assertThat(r.json().path("next_cursor").asText()).isEqualTo(DLQ + "/0/8");
        FakeJobControlQueries.Request sent = jobControl.requests().get(0);
        assertThat(sent.principal()).isEqualTo(Tokens.DEFAULT_ISSUER + " olga");
        assertThat(sent.workspace()).isEqualTo("taskgate/operator");
        assertThat(sent.query()).isEqualTo("topic=" + DLQ + "&partition=0&limit=1");
        assertThat(sent.route()).isEqualTo("GET " + BASE + "?topic=" + DLQ + "&partition=0&limit=1");
    }

    @Test
    void replayForwardsThePositionAndForceAndMapsTheOutcome() {
        jobControl.answer(
                "POST",
                "/internal/v1/operator/dead-letters/" + DLQ + "/0/7/replay",
                200,
                Wire.toBytes(new DeadLetterReplays(List.of(
                        new DeadLetterReplays.Replayed(DLQ, 0, 7, "fe-test.taskgate.commands.v1", "0/99", 2)))));

        Api.Result r =
                Api.at(base).bearer(token("deadletters:admin")).post(BASE + "/" + DLQ + "/0/7/replay?force=true");

        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        JsonNode item = r.json().path("items").path(0);
        assertThat(item.path("source_topic").asText()).isEqualTo("fe-test.taskgate.commands.v1");
        assertThat(item.path("replayed_to").asText()).isEqualTo("0/99");
        assertThat(item.path("replays").asInt()).isEqualTo(2);
        FakeJobControlQueries.Request sent = jobControl.requests().get(0);
        assertThat(sent.query()).isEqualTo("force=true");
        assertThat(sent.route()).isEqualTo("POST " + BASE + "/" + DLQ + "/0/7/replay?force=true");
    }

    @Test
    void aRangeWithoutBothEndsIs400AndAudited() {
        Api.Result r = Api.at(base).bearer(token("deadletters:admin")).post(BASE + "/" + DLQ + "/0/replay?from=1");

        assertThat(r.status()).isEqualTo(400);
        assertThat(r.problemSlug()).isEqualTo("invalid-request");
        assertThat(refusals())
                .singleElement()
                .satisfies(e -> assertThat(e.outcome()).isEqualTo("invalid_request"));
        assertThat(jobControl.requests()).hasSize(1);
    }

    @Test
    void jobControlsRefusalsKeepTheirTypeAndDetail() {
        Object[][] cases = {
            {400, "invalid-request", "partition must be a non-negative integer."},
            {403, "insufficient-scope", "Dead-letter topics are deployment-wide"},
            {404, "not-found", null},
            {409, "already-replayed", "The record was replayed already; replay it again with force=true."},
            {422, "not-replayable", "One call replays at most 100 offsets; split the range."}
        };
        for (Object[] c : cases) {
            jobControl.reset();
            jobControl.answer(
                    "POST",
                    "/internal/v1/operator/dead-letters/" + DLQ + "/0/7/replay",
                    (int) c[0],
                    Wire.toBytes(Problem.of((String) c[1], (String) c[1], (int) c[0], (String) c[2])));

            Api.Result r = Api.at(base).bearer(token("deadletters:admin")).post(BASE + "/" + DLQ + "/0/7/replay");

            assertThat(r.status()).as(c[1].toString()).isEqualTo(c[0]);
            assertThat(r.problemSlug()).isEqualTo(c[1]);
            if (c[2] != null) {
                assertThat(r.json().path("detail").asText()).isEqualTo(c[2]);
            }
        }
    }
}
