package dev.taskgate.frontend.execution;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.problem.ProblemException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class SubmissionPolicyTest {
    private static final Caller ALICE = new Caller("https://taskgate.local/dev", "alice", "acme", "demo");
    private static final AuthenticatedCaller READER = new AuthenticatedCaller(ALICE, Set.of("tools:call"));
    private static final AuthenticatedCaller WRITER =
            new AuthenticatedCaller(ALICE, Set.of("tools:call", "tools:write"));

    private final SubmissionPolicy policy = new SubmissionPolicy(new ToolInputValidator(List.of(
            spec(
                    "test.rewrite",
                    true,
                    "{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"}},"
                            + "\"required\":[\"path\"],\"additionalProperties\":false}"),
            spec("test.read", false, "{\"type\":\"object\"}"))));

    @Test
    void unknownToolIs422UnknownTool() {
        ProblemException e =
                catchThrowableOfType(ProblemException.class, () -> policy.admit(WRITER, "test.nope", json("{}")));

        assertThat(e.problem().problem().type()).endsWith("/unknown-tool");
        assertThat(e.problem().status()).isEqualTo(422);
    }

    @Test
    void mutatingToolNeedsToolsWrite() {
        ProblemException e = catchThrowableOfType(
                ProblemException.class, () -> policy.admit(READER, "test.rewrite", json("{\"path\":\"a\"}")));

        assertThat(e.problem().problem().type()).endsWith("/insufficient-scope");
        assertThat(e.problem().status()).isEqualTo(403);
        assertThat(e.problem().problem().detail()).contains("tools:write");
    }

    @Test
    void scopeIsCheckedBeforeTheInputSoAReaderLearnsNothingAboutTheSchema() {
        ProblemException e = catchThrowableOfType(
                ProblemException.class, () -> policy.admit(READER, "test.rewrite", json("{\"wrong\":1}")));

        assertThat(e.problem().status()).isEqualTo(403);
    }

    @Test
    void invalidInputListsEveryViolation() {
        ProblemException e = catchThrowableOfType(
                ProblemException.class,
                () -> policy.admit(WRITER, "test.rewrite", json("{\"path\":7,\"extra\":true}")));

        assertThat(e.problem().problem().type()).endsWith("/invalid-input");
        assertThat(e.problem().status()).isEqualTo(422);
        JsonNode errors = Wire.mapper().valueToTree(e.problem().extensions().get("errors"));
        assertThat(errors).extracting(n -> n.path("pointer").asText()).contains("/input/path");
        assertThat(errors.size()).isEqualTo(2);
    }

    @Test
    void validCallsAreAdmitted() {
        assertThatCode(() -> policy.admit(WRITER, "test.rewrite", json("{\"path\":\"a\"}")))
                .doesNotThrowAnyException();
        assertThatCode(() -> policy.admit(READER, "test.read", json("{\"x\":[1,2]}")))
                .doesNotThrowAnyException();
    }

    @Test
    void everySchemaOfTheShippedCatalogCompiles() {
        ToolInputValidator validator = new ToolInputValidator(OperationCatalog.load());

        assertThat(validator.find("demo.sleep")).isPresent();
        assertThat(validator.find("demo.sleep").orElseThrow().violations(json("{\"seconds\":1}")))
                .isEmpty();
    }

    private static OperationSpec spec(String name, boolean mutating, String schema) {
        return new OperationSpec(name, "1", name, name, mutating, null, json(schema));
    }

    private static JsonNode json(String text) {
        try {
            return Wire.mapper().readTree(text);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
