package dev.taskgate.webhooks;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

import dev.taskgate.testsupport.Tokens;
import dev.taskgate.webhooks.support.Api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.startsWith;

/**
 * The claims that become the caller, held to the same rules as at mcp-frontend: bad {@code sub}, {@code org_id},
 * {@code project_id}, {@code iat} or age → 401; the {@code workspaces} claim limits the token like there (a token whose
 * grants leave out its own workspace gets the uniform 404, a malformed claim 401).
 */
@QuarkusTest
class SubscriptionApiTokenClaimsTest {
    private static final Map<String, Object> SUBSCRIPTION =
            Map.of("url", "https://hooks.example.com/", "event_types", List.of("tool.execution.lifecycle"));

    private static String token(Api api, String subject, UnaryOperator<Tokens.Builder> change) {
        return change.apply(Tokens.forSubject(subject)
                        .org(api.org)
                        .project(api.project)
                        .scopes("webhooks:admin"))
                .sign();
    }

    @Test
    void tokensWhoseClaimsBreakTheRulesAre401() {
        Api api = Api.freshProject();
        List<String> tokens = List.of(
                token(api, "ops\r\nX-Injected: 1", t -> t),
                token(api, "ops\u007f", t -> t),
                token(api, "x", t -> t.claimJson("sub", "\"\\ud800\"")),
                token(api, "", t -> t),
                token(api, "o".repeat(257), t -> t),
                token(api, "ops", t -> t.org("acme/" + api.project)),
                token(api, "ops", t -> t.project(api.project + "\n")),
                token(api, "ops", t -> t.issuedAt(Instant.now().plus(Duration.ofHours(1)))),
                token(
                        api,
                        "ops",
                        t -> t.issuedAt(Instant.now().minus(Duration.ofHours(25)))
                                .ttl(Duration.ofHours(48))),
                token(api, "ops", t -> t.claimJson("workspaces", "\"acme/x\"")),
                token(api, "ops", t -> t.claimJson("workspaces", "[\"acme\"]")));
        for (String token : tokens) {
            given().auth()
                    .oauth2(token)
                    .get(api.base())
                    .then()
                    .statusCode(401)
                    .contentType("application/problem+json")
                    .header("WWW-Authenticate", startsWith("Bearer"))
                    .body("type", endsWith("/unauthenticated"));
            given().auth()
                    .oauth2(token)
                    .contentType(ContentType.JSON)
                    .body(SUBSCRIPTION)
                    .post(api.base())
                    .then()
                    .statusCode(401)
                    .contentType("application/problem+json");
        }
        api.request().get(api.base()).then().statusCode(200).body("items.size()", org.hamcrest.Matchers.is(0));
    }

    @Test
    void aTokenWhoseWorkspacesLeaveOutTheProjectCannotManageItsSubscriptions() {
        Api api = Api.freshProject();
        String id = api.create("https://hooks.example.com/a").path("id");
        String limited = token(api, "ops", t -> t.claimJson("workspaces", "[\"acme/elsewhere\"]"));

        given().auth()
                .oauth2(limited)
                .get(api.base())
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("type", endsWith("/not-found"));
        given().auth().oauth2(limited).get(api.base() + "/" + id).then().statusCode(404);
        given().auth().oauth2(limited).delete(api.base() + "/" + id).then().statusCode(404);
        given().auth()
                .oauth2(limited)
                .post(api.base() + "/" + id + "/rotate-secret")
                .then()
                .statusCode(404);
        given().auth()
                .oauth2(limited)
                .contentType(ContentType.JSON)
                .body(SUBSCRIPTION)
                .post(api.base())
                .then()
                .statusCode(404);

        api.request().get(api.base() + "/" + id).then().statusCode(200);
        api.request().get(api.base()).then().statusCode(200).body("items.size()", org.hamcrest.Matchers.is(1));
    }

    @Test
    void aTokenGrantedItsWorkspaceAndAPrintableNonAsciiSubjectIsServed() {
        Api api = Api.freshProject();
        String granted = token(
                api, "rv丿user", t -> t.claimJson("workspaces", "[\"acme/elsewhere\",\"acme/" + api.project + "\"]"));

        given().auth()
                .oauth2(granted)
                .contentType(ContentType.JSON)
                .body(SUBSCRIPTION)
                .post(api.base())
                .then()
                .statusCode(201);
        given().auth()
                .oauth2(granted)
                .get(api.base())
                .then()
                .statusCode(200)
                .body("items.size()", org.hamcrest.Matchers.is(1));
    }
}
