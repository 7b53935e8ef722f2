package dev.taskgate.frontend.web;

import java.io.IOException;
import java.net.URI;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.frontend.support.Api;
import dev.taskgate.testsupport.OpenApiDocuments;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenAPI document the running service serves is the committed {@code schemas/openapi/mcp-frontend.json}
 * (docs/openapi.md): a resource change without a regenerated file fails here. {@code -Dtaskgate.openapi.write=true}
 * first writes the served document to that file.
 */
@QuarkusTest
class OpenApiDocumentTest {
    @TestHTTPResource("/")
    URI base;

    /** The management interface's root, {@code /q/}. */
    @TestHTTPResource(value = "/", management = true)
    URI management;

    @Test
    void servesTheCommittedDocument() throws IOException {
        OpenApiDocuments.assertCommitted("mcp-frontend", served());
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
        assertThat(Api.at(base).get("/q/openapi").status()).isEqualTo(404);
    }

    private JsonNode served() throws IOException {
        Api.Result document =
                Api.at(management).header("Accept", "application/json").get("openapi");
        assertThat(document.status()).isEqualTo(200);
        return OpenApiDocuments.parse(document.bytes());
    }
}
