package dev.taskgate.jobctl;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;

import dev.taskgate.contracts.Caller;

import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The internal session API of the 2025-era MCP adapter against the real database: create, use (renews), end;
 * ended, unknown, malformed and foreign sessions are one uniform 404; bad bodies are 400 and create nothing; the
 * log level {@code logging/setLevel} asked for is kept with the session and returned by every use.
 */
@QuarkusTest
class McpSessionApiTest {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String BODY = "{\"protocolVersion\":\"2025-11-25\",\"clientCapabilities\":"
            + "{\"tasks\":{\"cancel\":{}},\"elicitation\":{\"form\":{}}}}";

    @Test
    void aCreatedSessionIsUsedRenewedAndEnded() throws Exception {
        Caller owner = newCaller();
        String hash = newHash();

        assertThat(open(owner, hash, BODY).statusCode()).isEqualTo(201);
        Response first = use(owner, hash);
        Response second = use(owner, hash);

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.jsonPath().getString("protocolVersion")).isEqualTo("2025-11-25");
        assertThat(first.jsonPath().getMap("clientCapabilities.tasks")).containsKey("cancel");
        assertThat(second.jsonPath().getString("lastUsedAt"))
                .isGreaterThanOrEqualTo(first.jsonPath().getString("lastUsedAt"));
        assertThat(end(owner, hash).statusCode()).isEqualTo(204);
        assertThat(use(owner, hash).statusCode()).isEqualTo(404);
        assertThat(end(owner, hash).statusCode()).isEqualTo(404);
    }

    @Test
    void foreignUnknownAndMalformedSessionsAreTheSameNotFound() throws Exception {
        Caller owner = newCaller();
        String hash = newHash();
        open(owner, hash, BODY);
        Caller sameSubjectOtherWorkspace = new Caller(owner.issuer(), owner.subject(), "org-2", owner.projectId());

        Response foreign = use(newCaller(), hash);
        Response otherWorkspace = use(sameSubjectOtherWorkspace, hash);
        Response unknown = use(owner, newHash());
        Response malformed = use(owner, "not-a-hash");
        Response foreignEnd = end(newCaller(), hash);

        for (Response r : new Response[] {foreign, otherWorkspace, unknown, malformed, foreignEnd}) {
            assertThat(r.statusCode()).isEqualTo(404);
            assertThat(r.jsonPath().getString("type")).isEqualTo("https://taskgate.dev/problems/not-found");
        }
        assertThat(use(owner, hash).statusCode()).as("still the owner's").isEqualTo(200);
    }

    @Test
    void aTakenIdIsAConflictAndBadBodiesCreateNothing() throws Exception {
        Caller owner = newCaller();
        String hash = newHash();
        assertThat(open(owner, hash, BODY).statusCode()).isEqualTo(201);
        assertThat(open(newCaller(), hash, BODY).statusCode()).isEqualTo(409);

        String other = newHash();
        Response badVersion = open(owner, other, "{\"protocolVersion\":\"2026-07-28\",\"clientCapabilities\":{}}");
        Response badCapabilities = open(owner, other, "{\"protocolVersion\":\"2025-06-18\",\"clientCapabilities\":[]}");
        Response noCaller =
                given().contentType("application/json").body(BODY).put("/internal/v1/mcp-sessions/" + other);

        assertThat(noCaller.statusCode()).isEqualTo(401);
        for (Response r : new Response[] {badVersion, badCapabilities}) {
            assertThat(r.statusCode()).isEqualTo(400);
            assertThat(r.jsonPath().getString("type")).isEqualTo("https://taskgate.dev/problems/invalid-request");
        }
        assertThat(use(owner, other).statusCode()).isEqualTo(404);
    }

    @Test
    void theLogLevelASessionAskedForIsKeptAndReturnedByEveryUse() throws Exception {
        Caller owner = newCaller();
        String hash = newHash();
        open(owner, hash, BODY);

        assertThat(use(owner, hash).jsonPath().getString("logLevel"))
                .as("none asked for yet")
                .isNull();
        assertThat(setLogLevel(owner, hash, "{\"level\":\"warning\"}").statusCode())
                .isEqualTo(204);
        assertThat(use(owner, hash).jsonPath().getString("logLevel")).isEqualTo("warning");
        assertThat(setLogLevel(owner, hash, "{\"level\":\"debug\"}").statusCode())
                .isEqualTo(204);
        assertThat(use(owner, hash).jsonPath().getString("logLevel")).isEqualTo("debug");
    }

    @Test
    void aBadLogLevelOrAnotherCallersSessionChangesNothing() throws Exception {
        Caller owner = newCaller();
        String hash = newHash();
        open(owner, hash, BODY);
        setLogLevel(owner, hash, "{\"level\":\"error\"}");

        Response unknownLevel = setLogLevel(owner, hash, "{\"level\":\"verbose\"}");
        Response noLevel = setLogLevel(owner, hash, "{}");
        Response foreign = setLogLevel(newCaller(), hash, "{\"level\":\"debug\"}");
        String kept = use(owner, hash).jsonPath().getString("logLevel");
        end(owner, hash);
        Response ended = setLogLevel(owner, hash, "{\"level\":\"debug\"}");

        assertThat(unknownLevel.statusCode()).isEqualTo(400);
        assertThat(unknownLevel.jsonPath().getString("type"))
                .isEqualTo("https://taskgate.dev/problems/invalid-request");
        assertThat(noLevel.statusCode()).isEqualTo(400);
        assertThat(foreign.statusCode()).isEqualTo(404);
        assertThat(ended.statusCode()).isEqualTo(404);
        assertThat(kept).isEqualTo("error");
    }

    static String newHash() throws Exception {
        byte[] id = new byte[32];
        RANDOM.nextBytes(id);
        return HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256")
                        .digest(HexFormat.of().formatHex(id).getBytes(StandardCharsets.US_ASCII)));
    }

    private static Response open(Caller caller, String hash, String body) {
        return SignedCalls.signed()
                .header("Taskgate-Principal", caller.principal())
                .header("Taskgate-Workspace", caller.workspace())
                .contentType("application/json")
                .body(body)
                .put("/internal/v1/mcp-sessions/" + hash);
    }

    private static Response use(Caller caller, String hash) {
        return SignedCalls.signed()
                .header("Taskgate-Principal", caller.principal())
                .header("Taskgate-Workspace", caller.workspace())
                .post("/internal/v1/mcp-sessions/" + hash + "/use");
    }

    private static Response setLogLevel(Caller caller, String hash, String body) {
        return SignedCalls.signed()
                .header("Taskgate-Principal", caller.principal())
                .header("Taskgate-Workspace", caller.workspace())
                .contentType("application/json")
                .body(body)
                .put("/internal/v1/mcp-sessions/" + hash + "/log-level");
    }

    private static Response end(Caller caller, String hash) {
        return SignedCalls.signed()
                .header("Taskgate-Principal", caller.principal())
                .header("Taskgate-Workspace", caller.workspace())
                .delete("/internal/v1/mcp-sessions/" + hash);
    }
}
