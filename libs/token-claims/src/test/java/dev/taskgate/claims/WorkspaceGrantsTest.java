package dev.taskgate.frontend.auth;

import java.io.StringReader;
import java.util.Set;

import jakarta.json.Json;
import jakarta.json.JsonValue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.taskgate.contracts.Caller;
import dev.taskgate.problem.ProblemException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkspaceGrantsTest {

    private static JsonValue json(String text) {
        return Json.createReader(new StringReader(text)).readValue();
    }

    @Test
    void anAbsentClaimGrantsNothingExtraAndTheCallerKeepsItsOwnWorkspace() {
        assertThat(WorkspaceGrants.parse(null)).isEmpty();
        AuthenticatedCaller caller =
                AuthenticatedCaller.forPath("iss", "alice", "acme", "demo", "tools:call", "acme", "demo");
        assertThat(caller.workspaces()).containsExactly("acme/demo");
    }

    @Test
    void anArrayOfOrgProjectStringsIsTheSetOfGrants() {
        assertThat(WorkspaceGrants.parse(json("[\"acme/demo\", \"acme/other\", \"acme/demo\"]")))
                .contains(Set.of("acme/demo", "acme/other"));
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
                "[[\"acme/demo\"]]"
            })
    void anythingElseIsMalformed(String claim) {
        assertThatThrownBy(() -> WorkspaceGrants.parse(json(claim)))
                .isInstanceOf(WorkspaceGrants.MalformedClaimException.class);
    }

    @Test
    void moreThanAHundredEntriesIsMalformed() {
        StringBuilder many = new StringBuilder("[");
        for (int i = 0; i <= WorkspaceGrants.MAX_ENTRIES; i++) {
            many.append(i == 0 ? "" : ",").append("\"o/p").append(i).append('"');
        }
        assertThatThrownBy(() -> WorkspaceGrants.parse(json(many.append(']').toString())))
                .isInstanceOf(WorkspaceGrants.MalformedClaimException.class);
    }

    @Test
    void grantsWithoutTheTokensOwnWorkspaceLeaveTheCallerNothing() {
        assertThatThrownBy(() -> AuthenticatedCaller.forPath(
                        "iss", "alice", "acme", "demo", "tools:call", Set.of("acme/other"), "acme", "demo"))
                .isInstanceOf(ProblemException.class)
                .satisfies(e ->
                        assertThat(((ProblemException) e).problem().status()).isEqualTo(404));
        assertThat(AuthenticatedCaller.fromClaims("iss", "alice", "acme", "demo", "tools:call", Set.of("acme/other")))
                .isEmpty();
        assertThat(AuthenticatedCaller.fromClaims(
                                "iss", "alice", "acme", "demo", "tools:call", Set.of("acme/demo", "acme/other"))
                        .map(AuthenticatedCaller::workspaces))
                .contains(Set.of("acme/demo", "acme/other"));
        assertThat(new AuthenticatedCaller(new Caller("iss", "a", "o", "p"), Set.of()).workspaces())
                .containsExactly("o/p");
    }
}
