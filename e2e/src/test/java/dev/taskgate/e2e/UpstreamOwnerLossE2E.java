package dev.taskgate.e2e;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;

import dev.taskgate.testsupport.Tokens;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 17 item 3: the worker running two plain (non-task) upstream calls of the same upstream tool is SIGKILLed. The
 * call of the tool declared read-only ({@code counting-ro.slow}) is made again by the replacement and completes; the
 * call of the mutating one ({@code counting.slow}) fails as owner-lost and is never made again. The upstream counts
 * every call it receives: three in all.
 */
@SlowTier
@ExtendWith(LocalStack.class)
class UpstreamOwnerLossE2E {
    private static final String BASE = "/v1/orgs/acme/projects/demo/tool-executions";

    private static String token;

    @BeforeAll
    static void setUp() {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        token = Tokens.forSubject("upstream-owner-loss")
                .org("acme")
                .project("demo")
                .scopes("tools:call", "tools:write")
                .sign();
    }

    @Test
    void aReadOnlyUpstreamCallIsMadeAgainAfterTheWorkerIsLostAndAMutatingOneNever() throws Exception {
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(
                        // the frontend knows the tool once it validates its input (an unknown tool is 422 too)
                        () -> DemoExecutions.submit(token, "counting-ro.slow", Map.of("seconds", -1))
                                .then()
                                .extract()
                                .<String>path("type"),
                        type -> type != null && type.endsWith("/invalid-input"));
        int before = GatewayUpstreams.invocations("slow");

        String mutating = id(DemoExecutions.submit(token, "counting.slow", Map.of("seconds", 8)));
        String readOnly = id(DemoExecutions.submit(token, "counting-ro.slow", Map.of("seconds", 8)));
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> GatewayUpstreams.invocations("slow") == before + 2);

        ServiceProcess worker = LocalStack.get().service("worker-pool");
        worker.kill();
        worker.restart(Duration.ofSeconds(120));

        assertThat(terminal(mutating)).isEqualTo("failed");
        JsonPath failure = given().auth()
                .oauth2(token)
                .get(BASE + "/" + mutating + "/result")
                .then()
                .statusCode(409)
                .extract()
                .jsonPath();
        assertThat(failure.getString("error_code")).as(failure.prettify()).isEqualTo("owner-lost");
        assertThat(failure.getString("detail")).contains("not re-run", "it is not invoked again");
        assertThat(terminal(readOnly)).isEqualTo("completed");
        assertThat(GatewayUpstreams.invocations("slow"))
                .as("the read-only call made twice, the mutating one once")
                .isEqualTo(before + 3);
        System.out.printf(
                "[upstream-owner-loss] upstream slow calls: %d before, %d after (read-only replayed once, mutating "
                        + "never)%n",
                before, GatewayUpstreams.invocations("slow"));
    }

    private static String id(io.restassured.response.Response submitted) {
        return submitted.then().statusCode(202).extract().path("execution_id");
    }

    private static String terminal(String id) {
        return await().atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> given().auth()
                                .oauth2(token)
                                .get(BASE + "/" + id)
                                .then()
                                .extract()
                                .<String>path("status"),
                        s -> List.of("completed", "failed", "cancelled").contains(s));
    }
}
