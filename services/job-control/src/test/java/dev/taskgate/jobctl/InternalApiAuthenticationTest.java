package dev.taskgate.jobctl;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.Response;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionPage;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.serviceauth.AssertionSigner;
import dev.taskgate.serviceauth.CallerAssertion;
import dev.taskgate.serviceauth.ServiceKeys;
import dev.taskgate.testsupport.DevServiceKeys;

import static dev.taskgate.jobctl.JobControlFixture.submit;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The internal API trusts no header: only a caller assertion signed by a trusted service, for this very request,
 * names a caller, and each service stays on its documented routes. Identities compare byte-exact.
 */
@QuarkusTest
class InternalApiAuthenticationTest {
    @TestHTTPResource(value = "health/live", management = true)
    URL live;

    private static JobControlFixture fixture;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @Test
    void bareIdentityHeadersAre401AndRevealNothing() {
        Caller owner = JobControlFixture.newCaller();
        Accepted accepted = (Accepted) fixture.send(submit(owner, "k-" + UUID.randomUUID(), "demo.echo", "{}"));

        Response forged = given().header("Taskgate-Principal", owner.principal())
                .header("Taskgate-Workspace", owner.workspace())
                .get("/internal/v1/executions/{id}/outcome", accepted.executionId());
        Response operator = given().header("Taskgate-Principal", "anyone")
                .header("Taskgate-Workspace", owner.workspace())
                .header("Taskgate-Route", "GET /x")
                .get("/internal/v1/operator/executions");

        for (Response r : new Response[] {forged, operator}) {
            assertThat(r.statusCode()).isEqualTo(401);
            assertThat(r.contentType()).startsWith("application/problem+json");
            assertThat(r.jsonPath().getString("type")).isEqualTo("https://taskgate.dev/problems/unauthenticated");
            assertThat(r.asString()).doesNotContain(owner.subject(), "demo.echo");
        }
    }

    @Test
    void anAssertionSignedByAnUnknownKeyOrForAnotherRequestIs401() throws Exception {
        String path = "/internal/v1/executions";
        AssertionSigner attacker = new AssertionSigner(
                "mcp-frontend",
                "dev-insecure-fe",
                ServiceKeys.signingKey("dev-insecure-fe:"
                        + java.util.Base64.getEncoder()
                                .encodeToString(
                                        java.util.UUID.randomUUID().toString().getBytes())),
                java.time.Clock.systemUTC());
        AssertionSigner frontend = DevServiceKeys.signer("mcp-frontend");

        Response forged = withAssertion(attacker.sign("GET", path, null, "p", "o/p", null), path);
        Response replayedElsewhere =
                withAssertion(frontend.sign("GET", path + "?limit=1", null, "p", "o/p", null), path);
        Response garbage = withAssertion("not-an-assertion", path);

        assertThat(forged.statusCode()).isEqualTo(401);
        assertThat(replayedElsewhere.statusCode()).isEqualTo(401);
        assertThat(garbage.statusCode()).isEqualTo(401);
    }

    @Test
    void workerPoolMayOnlyReadArtifactsByKey() {
        Response executions = SignedCalls.signed()
                .header(SignedCalls.ISSUER, "worker-pool")
                .header(SignedCalls.PRINCIPAL, "p")
                .header(SignedCalls.WORKSPACE, "o/p")
                .get("/internal/v1/executions");
        Response artifactById = SignedCalls.signed()
                .header(SignedCalls.ISSUER, "worker-pool")
                .header(SignedCalls.WORKSPACE, "o/p")
                .get("/internal/v1/artifacts/{id}?workspace=o/p", "0123456789abcdef0123456789abcdef");
        Response artifactByKey = SignedCalls.signed()
                .header(SignedCalls.ISSUER, "worker-pool")
                .header(SignedCalls.WORKSPACE, "o/p")
                .get("/internal/v1/artifacts/by-key?workspace=o/p&key=nothing-here");
        Response otherWorkspace = SignedCalls.signed()
                .header(SignedCalls.ISSUER, "worker-pool")
                .header(SignedCalls.WORKSPACE, "o/p")
                .get("/internal/v1/artifacts/by-key?workspace=o/q&key=nothing-here");

        assertThat(executions.statusCode()).isEqualTo(403);
        assertThat(artifactById.statusCode()).isEqualTo(403);
        assertThat(artifactByKey.statusCode())
                .as("allowed: an unknown key is not found")
                .isEqualTo(404);
        assertThat(otherWorkspace.statusCode()).isEqualTo(404);
    }

    @Test
    void principalsCompareByteExactSoALowByteTwinSeesNothing() {
        Caller cjk = new Caller("https://taskgate.local/dev", "rv\u4e3fuser-" + UUID.randomUUID(), "org-1", "proj-1");
        // U+4E3F cut to its low byte is '?': the twin a Latin-1 header would have produced
        Caller twin = new Caller(cjk.issuer(), cjk.subject().replace('\u4e3f', '?'), "org-1", "proj-1");
        Accepted accepted = (Accepted) fixture.send(submit(cjk, "k-" + UUID.randomUUID(), "demo.echo", "{}"));

        ExecutionPage own = list(cjk);
        ExecutionPage twins = list(twin);
        Response twinReads = SignedCalls.signed()
                .header(SignedCalls.PRINCIPAL, twin.principal())
                .header(SignedCalls.WORKSPACE, twin.workspace())
                .get("/internal/v1/executions/{id}", accepted.executionId());

        assertThat(own.items()).extracting(ExecutionSnapshot::executionId).containsExactly(accepted.executionId());
        assertThat(twins.items()).isEmpty();
        assertThat(twinReads.statusCode()).isEqualTo(404);
    }

    @Test
    void http2ClientsAreAuthenticatedWithAndWithoutABody() throws Exception {
        Caller caller = JobControlFixture.newCaller();
        String sessionPath =
                "/internal/v1/mcp-sessions/" + (UUID.randomUUID().toString() + UUID.randomUUID()).replace("-", "");
        byte[] session =
                "{\"protocolVersion\":\"2025-11-25\",\"clientCapabilities\":{}}".getBytes(StandardCharsets.UTF_8);

        HttpResponse<String> list = http2(caller, "GET", "/internal/v1/executions", null, null);
        HttpResponse<String> opened = http2(caller, "PUT", sessionPath, session, session);
        HttpResponse<String> otherBody =
                http2(caller, "PUT", sessionPath, session, "{}".getBytes(StandardCharsets.UTF_8));

        assertThat(list.statusCode()).as(list.body()).isEqualTo(200);
        assertThat(opened.statusCode()).as(opened.body()).isEqualTo(201);
        assertThat(otherBody.statusCode()).as("signed for another body").isEqualTo(401);
    }

    @Test
    void healthStaysOpen() {
        assertThat(given().get(live).statusCode()).isEqualTo(200);
    }

    private static ExecutionPage list(Caller caller) {
        Response response = SignedCalls.signed()
                .header(SignedCalls.PRINCIPAL, caller.principal())
                .header(SignedCalls.WORKSPACE, caller.workspace())
                .get("/internal/v1/executions");
        assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
        return Wire.fromBytes(response.asByteArray(), ExecutionPage.class);
    }

    /** A request over HTTP/2 whose assertion covers {@code signedBody} while it sends {@code sentBody}. */
    private static HttpResponse<String> http2(
            Caller caller, String method, String path, byte[] signedBody, byte[] sentBody) throws Exception {
        HttpClient client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + RestAssured.port + path))
                .header(
                        CallerAssertion.HEADER,
                        DevServiceKeys.signer("mcp-frontend")
                                .sign(method, path, signedBody, caller.principal(), caller.workspace(), null))
                .method(
                        method,
                        sentBody == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofByteArray(sentBody));
        if (sentBody != null) {
            request.header("Content-Type", "application/json");
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static Response withAssertion(String assertion, String path) {
        return given().header(CallerAssertion.HEADER, assertion).get(path);
    }
}
