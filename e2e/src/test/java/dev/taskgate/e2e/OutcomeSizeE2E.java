package dev.taskgate.e2e;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.RestAssured;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sizes at the edges of a Kafka record, through the four packaged services: a result too large for the worker's
 * record fails its execution with {@code outcome_too_large} and frees its child (before, the worker sent it again
 * for ever and the child stayed taken: as many such results as children stopped the pool), and an input too large
 * for its command is refused with 413 before anything runs.
 */
@ExtendWith(LocalStack.class)
class OutcomeSizeE2E {
    // as a command about 670 KB sealed, under mcp-frontend's bound; demo.echo's result holds it twice (text and
    // structured content), about 1.3 MB sealed: more than a Kafka record may be
    private static final String LARGE = "z".repeat(500_000);

    private static String alice;

    @BeforeAll
    static void setUp() {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        alice = DemoExecutions.callerToken("alice");
    }

    @Test
    void resultsTooLargeForARecordFailTheirExecutionsAndTheChildrenRunOn() {
        // one more than the stack's worker has children (LocalStack: 3)
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            ids.add(DemoExecutions.submit(alice, "demo.echo", Map.of("s", LARGE))
                    .then()
                    .statusCode(202)
                    .extract()
                    .path("execution_id"));
        }

        for (String id : ids) {
            DemoExecutions.awaitStatus(alice, id, "failed"::equals);
            given().auth()
                    .oauth2(alice)
                    .get(DemoExecutions.BASE + "/" + id + "/result")
                    .then()
                    .statusCode(409)
                    .contentType("application/problem+json")
                    .body("type", org.hamcrest.Matchers.endsWith("/execution-failed"))
                    .body("detail", org.hamcrest.Matchers.containsString("too large to deliver"));
        }
        var echoed = DemoExecutions.result(alice, "demo.echo", Map.of("after", "large results"));
        assertThat(echoed.getString("structuredContent.after")).isEqualTo("large results");
    }

    @Test
    void anInputTooLargeForItsCommandIsRefusedWith413() {
        DemoExecutions.submit(alice, "demo.echo", Map.of("s", "w".repeat(600_000)))
                .then()
                .statusCode(413)
                .contentType("application/problem+json")
                .body("type", org.hamcrest.Matchers.endsWith("/payload-too-large"))
                .body("detail", org.hamcrest.Matchers.containsString("input is too large"));
    }
}
