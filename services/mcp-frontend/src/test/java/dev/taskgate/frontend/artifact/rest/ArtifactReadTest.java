package dev.taskgate.frontend.artifact.rest;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.artifact.ArtifactContent;
import dev.taskgate.contracts.artifact.ArtifactIds;
import dev.taskgate.contracts.artifact.ArtifactMetadata;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.FakeJobControlQueries;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code GET /v1/orgs/{org}/projects/{project}/artifacts/{id}} against job-control's internal artifact API (played by a
 * JDK HTTP server): shared within the workspace, the uniform 404 for anything else, the scope check, and headers that
 * keep a browser from running what an artifact holds.
 */
@QuarkusTest
class ArtifactReadTest {
    private static final String SVG = "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>";
    private static final String ARTIFACTS = "/v1/orgs/acme/projects/demo/artifacts/";

    private final FakeJobControlQueries jobControl = FakeJobControlQueries.get();

    @TestHTTPResource("/")
    URI base;

    @BeforeEach
    void reset() {
        jobControl.reset();
    }

    @Test
    void theOwnerGetsTheBytesWithTheirMediaTypeAndProtectiveHeaders() {
        String id = stored("acme/demo", "graph ü.svg", "image/svg+xml", SVG);

        Api.Result response = Api.at(base).bearer(Fixtures.aliceToken()).get(ARTIFACTS + id);

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.text()).isEqualTo(SVG);
        assertThat(response.header("Content-Type")).isEqualTo("image/svg+xml");
        assertThat(response.header("ETag"))
                .isEqualTo("\"" + ArtifactIds.sha256Hex(SVG.getBytes(StandardCharsets.UTF_8)) + "\"");
        assertThat(response.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(response.header("Content-Security-Policy"))
                .contains("default-src 'none'")
                .contains("sandbox");
        assertThat(response.header("Content-Disposition"))
                .isEqualTo("inline; filename=\"graph _.svg\"; filename*=UTF-8''graph%20%C3%BC.svg");
        assertThat(jobControl.requests()).singleElement().satisfies(r -> {
            assertThat(r.path()).isEqualTo("/internal/v1/artifacts/" + id);
            assertThat(r.query()).isEqualTo("workspace=acme%2Fdemo");
        });
    }

    @Test
    void anotherPrincipalOfTheSameWorkspaceReadsItToo() {
        String id = stored("acme/demo", "report.txt", "text/plain; charset=utf-8", "shared");
        String bob = Fixtures.bobToken();

        Api.Result response = Api.at(base).bearer(bob).get(ARTIFACTS + id);

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.text()).isEqualTo("shared");
        assertThat(response.header("Content-Type")).isEqualTo("text/plain; charset=utf-8");
    }

    @Test
    void anotherWorkspaceIsTheSame404AsAnUnknownId() {
        String id = stored("acme/demo", "report.txt", "text/plain", "secret");
        String carolElsewhere = Tokens.forSubject("carol")
                .org("acme")
                .project("other")
                .scopes("tools:call")
                .sign();
        String notGranted = Tokens.forSubject("dave")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .claimJson("workspaces", "[\"acme/other\"]")
                .sign();

        Api.Result otherPath = Api.at(base).bearer(carolElsewhere).get(ARTIFACTS + id);
        // job-control answers this id with acme/demo's artifact: the frontend still never serves it to acme/other
        Api.Result ownPath = Api.at(base).bearer(carolElsewhere).get("/v1/orgs/acme/projects/other/artifacts/" + id);
        Api.Result withoutGrant = Api.at(base).bearer(notGranted).get(ARTIFACTS + id);
        Api.Result unknown = Api.at(base).bearer(Fixtures.aliceToken()).get(ARTIFACTS + "0".repeat(32));
        Api.Result malformed = Api.at(base).bearer(Fixtures.aliceToken()).get(ARTIFACTS + "..%2Fsecret");
        Api.Result unknownMetadata =
                Api.at(base).bearer(Fixtures.aliceToken()).get(ARTIFACTS + "0".repeat(32) + "/metadata");

        for (Api.Result r : new Api.Result[] {otherPath, ownPath, withoutGrant, unknown, malformed, unknownMetadata}) {
            assertThat(r.status()).as(r.toString()).isEqualTo(404);
            assertThat(r.header("Content-Type")).startsWith("application/problem+json");
            assertThat(withoutInstance(r)).isEqualTo(withoutInstance(unknown));
        }
        assertThat(ownPath.text()).doesNotContain("secret");
    }

    @Test
    void withoutToolsCallTheAnswerIs403AndJobControlIsNotAsked() {
        String id = stored("acme/demo", "report.txt", "text/plain", "x");
        String readOnly = Tokens.forSubject("erin")
                .org("acme")
                .project("demo")
                .scopes("executions:operator:status")
                .sign();

        Api.Result response = Api.at(base).bearer(readOnly).get(ARTIFACTS + id);
        Api.Result anonymous = Api.at(base).get(ARTIFACTS + id);

        assertThat(response.status()).as(response.toString()).isEqualTo(403);
        assertThat(response.header("Content-Type")).startsWith("application/problem+json");
        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(jobControl.requests()).isEmpty();
    }

    @Test
    void theMetadataRouteDescribesItAndTheEtagRevalidates() {
        String id = stored("acme/demo", "report.txt", "text/plain", "abc");
        String etag = "\"" + ArtifactIds.sha256Hex("abc".getBytes(StandardCharsets.UTF_8)) + "\"";

        Api.Result metadata = Api.at(base).bearer(Fixtures.aliceToken()).get(ARTIFACTS + id + "/metadata");
        Api.Result notModified = Api.at(base)
                .bearer(Fixtures.aliceToken())
                .header("If-None-Match", etag)
                .get(ARTIFACTS + id);

        assertThat(metadata.status()).as(metadata.toString()).isEqualTo(200);
        assertThat(metadata.header("Content-Type")).startsWith("application/json");
        assertThat(metadata.json().path("id").asText()).isEqualTo(id);
        assertThat(metadata.json().path("workspace").asText()).isEqualTo("acme/demo");
        assertThat(metadata.json().path("size").asLong()).isEqualTo(3);
        assertThat(metadata.json().path("path").asText()).isEqualTo(ARTIFACTS + id);
        assertThat(metadata.json().has("contentBase64")).isFalse();
        assertThat(notModified.status()).isEqualTo(304);
        assertThat(notModified.bytes()).isEmpty();
        assertThat(notModified.header("ETag")).isEqualTo(etag);
    }

    @Test
    void aFailingJobControlIs503() {
        String id = "a".repeat(32);
        jobControl.answer("/internal/v1/artifacts/" + id, 500, "{}".getBytes(StandardCharsets.UTF_8));

        Api.Result response = Api.at(base).bearer(Fixtures.aliceToken()).get(ARTIFACTS + id);

        assertThat(response.status()).as(response.toString()).isEqualTo(503);
        assertThat(response.problemSlug()).isEqualTo("unavailable");
    }

    /** Makes job-control answer this artifact (whatever workspace is asked); returns its id. */
    private String stored(String workspace, String name, String mediaType, String text) {
        byte[] content = text.getBytes(StandardCharsets.UTF_8);
        String sha = ArtifactIds.sha256Hex(content);
        String id = ArtifactIds.id(workspace, Optional.empty(), sha, name);
        Instant now = Instant.parse("2026-01-02T03:04:05Z");
        jobControl.answer(
                "/internal/v1/artifacts/" + id,
                200,
                Wire.toBytes(new ArtifactContent(
                        new ArtifactMetadata(
                                id,
                                workspace,
                                name,
                                mediaType,
                                sha,
                                content.length,
                                null,
                                ArtifactIds.path(workspace, id),
                                now,
                                now,
                                now.plusSeconds(86_400)),
                        Base64.getEncoder().encodeToString(content))));
        return id;
    }

    private static ObjectNode withoutInstance(Api.Result result) {
        ObjectNode problem = (ObjectNode) result.json().deepCopy();
        problem.remove("instance");
        return problem;
    }
}
