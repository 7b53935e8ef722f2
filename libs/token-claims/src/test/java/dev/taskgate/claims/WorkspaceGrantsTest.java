package dev.taskgate.claims;

import java.io.StringReader;
import java.util.Set;

import jakarta.json.Json;
import jakarta.json.JsonValue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkspaceGrantsTest {

    private static JsonValue json(String text) {
        return Json.createReader(new StringReader(text)).readValue();
    }

    @Test
    void anAbsentClaimGrantsNothingExtra() {
        assertThat(WorkspaceGrants.parse(null)).isEmpty();
    }

    @Test
    void anArrayOfOrgProjectStringsIsTheSetOfGrants() {
        assertThat(WorkspaceGrants.parse(json("[\"acme/demo\", \"acme/other\", \"acme/demo\", \"株式会社/丿\"]")))
                .contains(Set.of("acme/demo", "acme/other", "株式会社/丿"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "\"acme/demo\"",
                "{\"acme\":\"demo\"}",
                "[]",
                "[1]",
                "[null]",
                "[\"acme\"]",
                "[\"acme/demo/x\"]",
                "[\"/demo\"]",
                "[\"acme/\"]",
                "[\"ac me/demo\"]",
                "[\"acme/de\\u0000mo\"]",
                "[\"acme/demo\\r\\n\"]",
                "[\"acme/\\ud800\"]",
                "[[\"acme/demo\"]]"
            })
    void anythingElseIsMalformed(String claim) {
        assertThatThrownBy(() -> WorkspaceGrants.parse(json(claim))).isInstanceOf(InvalidClaimException.class);
    }

    @Test
    void aHalfOverTheWorkspaceBoundIsMalformed() {
        String org = "o".repeat(IdentityClaims.MAX_WORKSPACE_PART_BYTES);
        assertThat(WorkspaceGrants.parse(json("[\"" + org + "/p\"]"))).contains(Set.of(org + "/p"));
        assertThatThrownBy(() -> WorkspaceGrants.parse(json("[\"" + org + "o/p\"]")))
                .isInstanceOf(InvalidClaimException.class);
    }

    @Test
    void moreThanAHundredEntriesIsMalformed() {
        StringBuilder many = new StringBuilder("[");
        for (int i = 0; i <= WorkspaceGrants.MAX_ENTRIES; i++) {
            many.append(i == 0 ? "" : ",").append("\"o/p").append(i).append('"');
        }
        assertThatThrownBy(() -> WorkspaceGrants.parse(json(many.append(']').toString())))
                .isInstanceOf(InvalidClaimException.class);
    }
}
