package dev.taskgate.claims;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IdentityClaimsTest {

    @ParameterizedTest
    @ValueSource(strings = {"alice", "rv丿user", "user@example.com", "a b", "émile", "😀"})
    void acceptsPrintableSubjects(String subject) {
        assertThatCode(() -> IdentityClaims.check(subject, "acme", "demo")).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "a\r\nInjected: yes",
                "a\nb",
                "tab\t",
                "nul\u0000",
                "del\u007f",
                "c1\u0085",
                "\ud800",
                "x\udc00y",
                "rtl\u202eoverride",
                "line\u2028sep",
                "nonchar\uffff"
            })
    void refusesSubjectsThatAreNotPrintableText(String subject) {
        assertThatThrownBy(() -> IdentityClaims.check(subject, "acme", "demo"))
                .isInstanceOf(InvalidClaimException.class)
                .hasMessageStartingWith("sub claim ")
                .satisfies(e -> assertThat(subject.isEmpty() || !e.getMessage().contains(subject))
                        .isTrue());
    }

    @Test
    void boundsTheSubjectInUtf8Bytes() {
        assertThatCode(() -> IdentityClaims.check("a".repeat(256), "acme", "demo"))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> IdentityClaims.check("a".repeat(257), "acme", "demo"))
                .isInstanceOf(InvalidClaimException.class);
        // 86 three-byte characters: 258 bytes although only 86 chars
        assertThatThrownBy(() -> IdentityClaims.check("丿".repeat(86), "acme", "demo"))
                .isInstanceOf(InvalidClaimException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "ac/me", "ac\nme", "\ud800"})
    void refusesBadOrgAndProjectClaims(String value) {
        assertThatThrownBy(() -> IdentityClaims.check("alice", value, "demo"))
                .isInstanceOf(InvalidClaimException.class)
                .hasMessageStartingWith("org_id claim ");
        assertThatThrownBy(() -> IdentityClaims.check("alice", "acme", value))
                .isInstanceOf(InvalidClaimException.class)
                .hasMessageStartingWith("project_id claim ");
    }

    @Test
    void boundsOrgAndProjectInUtf8Bytes() {
        assertThatCode(() -> IdentityClaims.check("alice", "o".repeat(128), "p".repeat(128)))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> IdentityClaims.check("alice", "o".repeat(129), "demo"))
                .isInstanceOf(InvalidClaimException.class);
        assertThatThrownBy(() -> IdentityClaims.check("alice", "acme", "丿".repeat(43)))
                .isInstanceOf(InvalidClaimException.class);
    }

    @Test
    void leavesAbsentClaimsToTheCaller() {
        assertThatCode(() -> IdentityClaims.check(null, null, null)).doesNotThrowAnyException();
    }
}
