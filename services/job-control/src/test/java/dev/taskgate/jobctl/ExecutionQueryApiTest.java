package dev.taskgate.jobctl;

import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Wire;

import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static org.assertj.core.api.Assertions.assertThat;

@QuarkusTest
class ExecutionQueryApiTest {

    private static JobControlFixture fixture;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/outcome"})
    void theOwnerSeesTheExecution(String suffix) {
        Caller owner = newCaller();
        UUID id = fixture.submitNew(owner).executionId();

        Response response = get(owner, id + suffix);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.contentType()).startsWith("application/json");
        ObjectNode body =
                (ObjectNode) Wire.fromBytes(response.asByteArray(), com.fasterxml.jackson.databind.JsonNode.class);
        ObjectNode snapshot = suffix.isEmpty() ? body : (ObjectNode) body.get("execution");
        ExecutionSnapshot parsed = Wire.mapper().convertValue(snapshot, ExecutionSnapshot.class);
        assertThat(parsed.executionId()).isEqualTo(id);
        assertThat(parsed.status()).isEqualTo(ExecutionStatus.QUEUED);
        assertThat(snapshot.get("status").asText()).isEqualTo("queued");
        assertThat(snapshot.get("surface").asText()).isEqualTo("rest");
        assertThat(body.has("input")).isFalse();
        assertThat(body.has("result")).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/outcome"})
    void foreignUnknownAndMalformedIdsGetIdenticalNotFounds(String suffix) {
        Caller owner = newCaller();
        UUID id = fixture.submitNew(owner).executionId();
        Caller stranger = newCaller();
        Caller sameSubjectOtherWorkspace = new Caller(owner.issuer(), owner.subject(), "org-2", owner.projectId());

        Response foreign = get(stranger, id + suffix);
        Response otherWorkspace = get(sameSubjectOtherWorkspace, id + suffix);
        Response unknown = get(owner, UUID.randomUUID() + suffix);
        Response malformed = get(owner, "not-a-uuid" + suffix);
        Response nonCanonical = get(owner, id.toString().replace("-", "") + suffix);

        for (Response r : new Response[] {foreign, otherWorkspace, unknown, malformed, nonCanonical}) {
            assertThat(r.statusCode()).isEqualTo(404);
            assertThat(r.contentType()).startsWith("application/problem+json");
            assertThat(withoutInstance(r)).isEqualTo(withoutInstance(foreign));
        }
        ObjectNode problem = withoutInstance(foreign);
        assertThat(problem.get("type").asText()).isEqualTo("https://taskgate.dev/problems/not-found");
        assertThat(problem.get("status").asInt()).isEqualTo(404);
        assertThat(problem.toString()).doesNotContain(owner.subject(), "queued", "demo.echo");
    }

    @Test
    void anAssertionWithoutPrincipalOrWorkspaceIsABadRequest() {
        UUID id = UUID.randomUUID();
        Response noPrincipal =
                SignedCalls.signed().header("Taskgate-Workspace", "o/p").get("/internal/v1/executions/{id}", id);
        Response noWorkspace = SignedCalls.signed()
                .header("Taskgate-Principal", "iss sub")
                .get("/internal/v1/executions/{id}/outcome", id);
        Response blankPrincipal = SignedCalls.signed()
                .header("Taskgate-Principal", " ")
                .header("Taskgate-Workspace", "o/p")
                .get("/internal/v1/executions/{id}", id);

        for (Response r : new Response[] {noPrincipal, noWorkspace, blankPrincipal}) {
            assertThat(r.statusCode()).isEqualTo(400);
            assertThat(r.contentType()).startsWith("application/problem+json");
            assertThat(r.jsonPath().getString("type")).isEqualTo("https://taskgate.dev/problems/invalid-request");
        }
        assertThat(noWorkspace.jsonPath().getString("detail")).contains("no workspace");
        assertThat(noPrincipal.jsonPath().getString("detail")).contains("no principal");
    }

    private static Response get(Caller caller, String path) {
        return SignedCalls.signed()
                .header("Taskgate-Principal", caller.principal())
                .header("Taskgate-Workspace", caller.workspace())
                .get("/internal/v1/executions/" + path);
    }

    private static ObjectNode withoutInstance(Response response) {
        ObjectNode body =
                (ObjectNode) Wire.fromBytes(response.asByteArray(), com.fasterxml.jackson.databind.JsonNode.class);
        body.remove("instance");
        return body;
    }
}
