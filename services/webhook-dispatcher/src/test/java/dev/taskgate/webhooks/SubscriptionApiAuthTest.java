package dev.taskgate.webhooks;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.testsupport.Tokens;
import dev.taskgate.webhooks.support.Api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;

/** Authentication and authorisation of the subscriptions API, every failure as problem+json. */
@QuarkusTest
class SubscriptionApiAuthTest {

    @Test
    void missingInvalidOrExpiredTokensAre401WithAChallenge() {
        Api api = Api.freshProject();
        given().get(api.base())
                .then()
                .statusCode(401)
                .contentType("application/problem+json")
                .header("WWW-Authenticate", equalTo("Bearer"))
                .body("type", endsWith("/unauthenticated"));
        for (String token : new String[] {
            Tokens.forSubject("ops")
                    .org(api.org)
                    .project(api.project)
                    .scopes("webhooks:admin")
                    .expired()
                    .sign(),
            Tokens.forSubject("ops")
                    .org(api.org)
                    .project(api.project)
                    .scopes("webhooks:admin")
                    .signedWithUnknownKey()
                    .sign(),
            Tokens.forSubject("ops")
                    .org(api.org)
                    .project(api.project)
                    .scopes("webhooks:admin")
                    .audience("other")
                    .sign(),
            Tokens.forSubject("ops")
                    .org(api.org)
                    .project(api.project)
                    .scopes("webhooks:admin")
                    .issuer("https://evil.example")
                    .sign(),
            "not-a-jwt"
        }) {
            given().auth()
                    .oauth2(token)
                    .get(api.base())
                    .then()
                    .statusCode(401)
                    .contentType("application/problem+json")
                    .header("WWW-Authenticate", org.hamcrest.Matchers.startsWith("Bearer"));
        }
        given().contentType("application/json")
                .body("{}")
                .post(api.base())
                .then()
                .statusCode(401);
    }

    @Test
    void aTokenWithoutTheAdminScopeIs403() {
        Api api = Api.freshProject();
        String token = Tokens.forSubject("ops")
                .org(api.org)
                .project(api.project)
                .scopes("tools:call")
                .sign();
        given().auth()
                .oauth2(token)
                .get(api.base())
                .then()
                .statusCode(403)
                .contentType("application/problem+json")
                .body("type", endsWith("/insufficient-scope"))
                .body("required_scope", equalTo("webhooks:admin"));
        given().auth()
                .oauth2(token)
                .contentType("application/json")
                .body("{\"url\":\"https://hooks.example.com/\",\"event_types\":[\"tool.execution.lifecycle\"]}")
                .post(api.base())
                .then()
                .statusCode(403);
    }

    @Test
    void anotherOrgOrProjectIsTheUniform404() {
        Api api = Api.freshProject();
        String id = api.create("http://127.0.0.1:9/hook").path("id");
        String otherProject = Tokens.forSubject("ops")
                .org(api.org)
                .project("elsewhere")
                .scopes("webhooks:admin")
                .sign();
        String otherOrg = Tokens.forSubject("ops")
                .org("globex")
                .project(api.project)
                .scopes("webhooks:admin")
                .sign();
        String noOrg = Tokens.forSubject("ops")
                .project(api.project)
                .without("org_id")
                .scopes("webhooks:admin")
                .sign();
        for (String token : new String[] {otherProject, otherOrg, noOrg}) {
            given().auth()
                    .oauth2(token)
                    .get(api.base() + "/" + id)
                    .then()
                    .statusCode(404)
                    .contentType("application/problem+json")
                    .body("type", endsWith("/not-found"));
            given().auth().oauth2(token).delete(api.base() + "/" + id).then().statusCode(404);
        }
        // the subscription is untouched
        api.request().get(api.base() + "/" + id).then().statusCode(200);
    }
}
