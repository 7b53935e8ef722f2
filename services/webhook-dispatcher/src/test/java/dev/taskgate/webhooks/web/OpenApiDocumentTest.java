package dev.taskgate.webhooks.web;

import java.io.IOException;
import java.net.URL;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.testsupport.OpenApiDocuments;

import static io.restassured.RestAssured.given;

/**
 * The OpenAPI document the running service serves is the committed {@code schemas/openapi/webhook-dispatcher.json}
 * (docs/openapi.md): a resource change without a regenerated file fails here. {@code -Dtaskgate.openapi.write=true}
 * first writes the served document to that file.
 */
@QuarkusTest
class OpenApiDocumentTest {
    @TestHTTPResource(value = "openapi", management = true)
    URL document;

    @Test
    void servesTheCommittedDocument() throws IOException {
        OpenApiDocuments.assertCommitted("webhook-dispatcher", served());
    }

    @Test
    void isAnOpenApi31DocumentWithABearerScheme() throws IOException {
        OpenApiDocuments.assertOpenApi31WithBearer(served());
    }

    @Test
    void everyOperationIsNamedSecuredAndAnswersProblems() throws IOException {
        OpenApiDocuments.assertEveryOperationNamedSecuredAndAnsweringProblems(served());
    }

    @Test
    void isNotServedOnThePublicListener() {
        given().when().get("/q/openapi").then().statusCode(404);
    }

    private JsonNode served() throws IOException {
        return OpenApiDocuments.parse(given().accept("application/json")
                .when()
                .get(document)
                .then()
                .statusCode(200)
                .extract()
                .asByteArray());
    }
}
