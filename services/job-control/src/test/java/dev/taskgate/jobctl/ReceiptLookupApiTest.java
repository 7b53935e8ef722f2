package dev.taskgate.jobctl;

import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;

import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.submit;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code GET /internal/v1/receipts/{key}}: the owner finds the execution its receipt key admitted; another caller,
 * another workspace and an unknown key get the same 404; missing caller headers are 400.
 */
@QuarkusTest
class ReceiptLookupApiTest {
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
    void theOwnerFindsTheExecutionItsKeyAdmitted() {
        Caller owner = newCaller();
        String key = "mcp-2025:" + UUID.randomUUID();
        Accepted accepted = (Accepted) fixture.send(submit(owner, key, "demo.echo", "{\"a\":1}"));

        Response found = get(owner, key);

        assertThat(found.statusCode()).isEqualTo(200);
        ExecutionSnapshot snapshot = Wire.fromBytes(found.asByteArray(), ExecutionSnapshot.class);
        assertThat(snapshot.executionId()).isEqualTo(accepted.executionId());
    }

    @Test
    void othersAndUnknownKeysAreOneNotFound() {
        Caller owner = newCaller();
        String key = "mcp-2025:" + UUID.randomUUID();
        fixture.send(submit(owner, key, "demo.echo", "{\"a\":1}"));

        Response stranger = get(newCaller(), key);
        Response otherWorkspace = get(new Caller(owner.issuer(), owner.subject(), "org-2", owner.projectId()), key);
        Response unknown = get(owner, "mcp-2025:" + UUID.randomUUID());

        for (Response r : new Response[] {stranger, otherWorkspace, unknown}) {
            assertThat(r.statusCode()).isEqualTo(404);
            assertThat(r.contentType()).startsWith("application/problem+json");
        }
    }

    @Test
    void missingCallerHeadersAreABadRequest() {
        Response none = given().get("/internal/v1/receipts/{key}", "k");
        Response noWorkspace = given().header("Taskgate-Principal", "iss sub").get("/internal/v1/receipts/{key}", "k");

        assertThat(none.statusCode()).isEqualTo(400);
        assertThat(noWorkspace.statusCode()).isEqualTo(400);
        assertThat(noWorkspace.jsonPath().getString("detail")).contains("Taskgate-Workspace");
    }

    private static Response get(Caller caller, String key) {
        return given().header("Taskgate-Principal", caller.principal())
                .header("Taskgate-Workspace", caller.workspace())
                .get("/internal/v1/receipts/{key}", key);
    }
}
