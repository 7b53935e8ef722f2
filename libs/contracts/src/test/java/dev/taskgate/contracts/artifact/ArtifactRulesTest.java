package dev.taskgate.contracts.artifact;

import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** What an artifact may be, and how its id and path are derived. */
class ArtifactRulesTest {

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "a/b", "a\\b", "a\"b", "tab\there"})
    void refusesNamesThatAreEmptyPathsOrUnsafeInAHeader(String name) {
        assertThat(ArtifactRules.nameViolation(name)).isPresent();
    }

    @Test
    void acceptsOrdinaryNamesUpToTheLimit() {
        assertThat(ArtifactRules.nameViolation("graph (v2).svg")).isEmpty();
        assertThat(ArtifactRules.nameViolation("ü".repeat(ArtifactRules.MAX_NAME_LENGTH)))
                .isEmpty();
        assertThat(ArtifactRules.nameViolation("a".repeat(ArtifactRules.MAX_NAME_LENGTH + 1)))
                .isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"image/svg+xml", "text/plain; charset=utf-8", "application/vnd.graphviz"})
    void acceptsLowerCaseMediaTypes(String mediaType) {
        assertThat(ArtifactRules.mediaTypeViolation(mediaType)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "text", "Text/Plain", "text/html\r\nX: y", "text/plain; boundary=x"})
    void refusesOtherMediaTypes(String mediaType) {
        assertThat(ArtifactRules.mediaTypeViolation(mediaType)).isPresent();
    }

    @Test
    void keysArePrintableAsciiWithoutSpacesQuotesOrBackslashes() {
        assertThat(ArtifactRules.keyViolation("graph/acme:demo/sha256-abc@1")).isEmpty();
        assertThat(ArtifactRules.keyViolation("a b")).isPresent();
        assertThat(ArtifactRules.keyViolation("a\"b")).isPresent();
        assertThat(ArtifactRules.keyViolation("a\\b")).isPresent();
        assertThat(ArtifactRules.keyViolation("ü")).isPresent();
        assertThat(ArtifactRules.keyViolation("")).isPresent();
        assertThat(ArtifactRules.keyViolation("k".repeat(ArtifactRules.MAX_KEY_LENGTH + 1)))
                .isPresent();
    }

    @Test
    void contentIsBoundedAt512KiB() {
        assertThat(ArtifactRules.sizeViolation(512 * 1024)).isEmpty();
        assertThat(ArtifactRules.sizeViolation(512 * 1024 + 1))
                .hasValueSatisfying(reason -> assertThat(reason).contains("at most 524288 bytes"));
    }

    @Test
    void idsAreDeterministicPerWorkspaceAndKeyOrContent() {
        String sha = ArtifactIds.sha256Hex(new byte[] {1});
        String keyed = ArtifactIds.id("acme/demo", Optional.of("k"), sha, "a.txt");
        assertThat(keyed)
                .matches(ArtifactIds.ID_PATTERN)
                .isEqualTo(ArtifactIds.id("acme/demo", Optional.of("k"), ArtifactIds.sha256Hex(new byte[] {2}), "b"))
                .isNotEqualTo(ArtifactIds.id("acme/other", Optional.of("k"), sha, "a.txt"));
        String unkeyed = ArtifactIds.id("acme/demo", Optional.empty(), sha, "a.txt");
        assertThat(unkeyed)
                .isNotEqualTo(keyed)
                .isNotEqualTo(ArtifactIds.id("acme/demo", Optional.empty(), sha, "b.txt"))
                .isEqualTo(ArtifactIds.id("acme/demo", Optional.empty(), sha, "a.txt"));
        assertThat(ArtifactIds.path("acme/demo", keyed)).isEqualTo("/v1/orgs/acme/projects/demo/artifacts/" + keyed);
    }
}
