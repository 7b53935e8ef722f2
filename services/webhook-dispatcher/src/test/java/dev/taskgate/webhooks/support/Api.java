package dev.taskgate.webhooks.support;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import dev.taskgate.testsupport.Tokens;

import static io.restassured.RestAssured.given;

/** REST calls to the subscriptions API for one org/project, with a {@code webhooks:admin} token. */
public final class Api {
    public final String org;
    public final String project;
    public final String token;

    private Api(String org, String project) {
        this.org = org;
        this.project = project;
        this.token = Tokens.forSubject("ops")
                .org(org)
                .project(project)
                .scopes("webhooks:admin")
                .sign();
    }

    /** A fresh project, so that tests never see each other's subscriptions. */
    public static Api freshProject() {
        return new Api("acme", "wh-" + UUID.randomUUID());
    }

    /** The collection path. */
    public String base() {
        return "/v1/orgs/" + org + "/projects/" + project + "/webhook-subscriptions";
    }

    /** An authorised request. */
    public RequestSpecification request() {
        return given().auth().oauth2(token);
    }

    /** Creates a lifecycle subscription; returns the 201 answer. */
    public Response create(String url) {
        return request()
                .contentType(ContentType.JSON)
                .body(Map.of("url", url, "event_types", List.of("tool.execution.lifecycle"), "description", "test"))
                .post(base());
    }

    /** The subscription's deliveries. */
    public List<Map<String, Object>> deliveries(String subscriptionId) {
        return request()
                .get(base() + "/" + subscriptionId + "/deliveries")
                .then()
                .statusCode(200)
                .extract()
                .path("items");
    }

    /** A field of the subscription's only (or newest) delivery. */
    public <T> T deliveryField(String subscriptionId, String field) {
        return request()
                .get(base() + "/" + subscriptionId + "/deliveries")
                .then()
                .statusCode(200)
                .extract()
                .path("items[0]." + field);
    }

    /** One delivery with its attempt log. */
    public Response delivery(String subscriptionId, String deliveryId) {
        return request().get(base() + "/" + subscriptionId + "/deliveries/" + deliveryId);
    }
}
