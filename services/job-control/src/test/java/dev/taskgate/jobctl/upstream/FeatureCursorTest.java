package dev.taskgate.jobctl.upstream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FeatureCursorTest {

    @Test
    void aCursorRoundTripsForItsOwnListOnly() {
        String text = new FeatureCursor("prompts/list", "ns", "upstream-2").encode();

        assertThat(FeatureCursor.decode("prompts/list", text))
                .contains(new FeatureCursor("prompts/list", "ns", "upstream-2"));
        assertThat(FeatureCursor.decode("resources/list", text)).isEmpty();
        assertThat(FeatureCursor.decode("prompts/list", new FeatureCursor("prompts/list", "ns", null).encode()))
                .contains(new FeatureCursor("prompts/list", "ns", null));
    }

    @Test
    void anythingElseIsNoCursor() {
        assertThat(FeatureCursor.decode("prompts/list", "not-base64!")).isEmpty();
        assertThat(FeatureCursor.decode("prompts/list", "bm90IGpzb24")).isEmpty();
        assertThat(FeatureCursor.decode("prompts/list", "WzFd")).isEmpty();
    }
}
