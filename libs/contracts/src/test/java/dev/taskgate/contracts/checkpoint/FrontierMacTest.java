package dev.taskgate.contracts.checkpoint;

import java.util.Base64;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FrontierMacTest {
    private static final FrontierMac MAC =
            FrontierMac.fromBase64(Base64.getEncoder().encodeToString(new byte[32]));
    private static final FrontierMac OTHER_KEY =
            FrontierMac.fromBase64(Base64.getEncoder().encodeToString("another key of thirty-two bytes!".getBytes()));
    private static final UUID ID = UUID.fromString("3f6c2a1e-8b4d-4f7a-9c2e-5d1b7e0a9f34");

    @Test
    void verifiesOnlyTheExactExecutionSequenceRevisionFrontierAndKey() {
        FrontierCheckpoint checkpoint =
                new FrontierCheckpoint(3, "v1", "{\"next\":3}", MAC.mac(ID, 3, "v1", "{\"next\":3}"));

        assertThat(MAC.verifies(ID, checkpoint)).isTrue();
        assertThat(MAC.verifies(UUID.randomUUID(), checkpoint)).isFalse();
        assertThat(OTHER_KEY.verifies(ID, checkpoint)).isFalse();
        assertThat(MAC.verifies(ID, new FrontierCheckpoint(4, "v1", "{\"next\":3}", checkpoint.mac())))
                .isFalse();
        assertThat(MAC.verifies(ID, new FrontierCheckpoint(3, "v2", "{\"next\":3}", checkpoint.mac())))
                .isFalse();
        assertThat(MAC.verifies(ID, new FrontierCheckpoint(3, "v1", "{\"next\": 3}", checkpoint.mac())))
                .isFalse();
        // the length prefix keeps revision and frontier apart
        assertThat(MAC.mac(ID, 1, "ab", "c")).isNotEqualTo(MAC.mac(ID, 1, "a", "bc"));
    }

    @Test
    void rejectsShortOrMalformedKeysAndMacs() {
        assertThatThrownBy(() -> FrontierMac.fromBase64(Base64.getEncoder().encodeToString(new byte[31])))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FrontierMac.fromBase64("not base64!")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FrontierCheckpoint(1, "v", "{}", "md5:00"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FrontierCheckpoint(0, "v", "{}", MAC.mac(ID, 0, "v", "{}")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
