package dev.taskgate.worker.child.ops.workspace.graph;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PageCursorTest {

    @Test
    void roundTripsThroughItsOpaqueToken() {
        PageCursor cursor = new PageCursor("g-abc", "sha256:01", 40, 7);

        String token = cursor.encode();

        assertThat(token).startsWith("wsg1.").doesNotContain("g-abc");
        assertThat(PageCursor.decode(token)).isEqualTo(cursor);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "wsg1.", "wsg1.!!!", "wsg1.eyJnIjoxfQ", "wsg1.bnVsbA"})
    void rejectsATokenItDidNotIssue(String token) {
        assertThatThrownBy(() -> PageCursor.decode(token))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a workspace.inspect cursor");
    }

    @Test
    void rejectsNegativeOffsets() {
        String forged = "wsg1."
                + java.util.Base64.getUrlEncoder()
                        .withoutPadding()
                        .encodeToString("{\"g\":\"g\",\"r\":\"r\",\"n\":-1,\"e\":0}".getBytes());
        assertThatThrownBy(() -> PageCursor.decode(forged)).isInstanceOf(IllegalArgumentException.class);
    }
}
