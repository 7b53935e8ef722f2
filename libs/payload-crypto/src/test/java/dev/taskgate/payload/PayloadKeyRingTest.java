package dev.taskgate.payload;

import java.util.Arrays;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PayloadKeyRingTest {

    private static String key(int bytes) {
        byte[] material = new byte[bytes];
        Arrays.fill(material, (byte) 7);
        return Base64.getEncoder().encodeToString(material);
    }

    @Test
    void theFirstEntryIsPrimaryAndEveryEntryIsFound() {
        PayloadKeyRing ring =
                PayloadKeyRing.parse("jobctl.payload-keys", List.of("b-2:" + key(32), " a.1_x:" + key(32) + " "));

        assertThat(ring.primaryId()).isEqualTo("b-2");
        assertThat(ring.find("a.1_x")).isPresent();
        assertThat(ring.find("c")).isEmpty();
    }

    @Test
    void anEmptyRingIsRefusedNamingTheConfigKey() {
        assertThatThrownBy(() -> PayloadKeyRing.parse("jobctl.payload-keys", List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("jobctl.payload-keys is empty");
        assertThatThrownBy(() -> PayloadKeyRing.parse("jobctl.payload-keys", null))
                .hasMessageContaining("jobctl.payload-keys");
        assertThatThrownBy(() -> PayloadKeyRing.parse("jobctl.payload-keys", List.of(" ")))
                .hasMessageContaining("jobctl.payload-keys");
    }

    @Test
    void aKeyThatIsNot32BytesIsRefusedWithoutEchoingIt() {
        String shortKey = key(16);
        assertThatThrownBy(() -> PayloadKeyRing.parse("jobctl.payload-keys", List.of("k1:" + shortKey)))
                .hasMessage("jobctl.payload-keys key 'k1' is 16 bytes; AES-256 needs exactly 32")
                .message()
                .doesNotContain(shortKey);
        assertThatThrownBy(() -> PayloadKeyRing.parse("jobctl.payload-keys", List.of("k1:" + key(32), "k2:" + key(33))))
                .hasMessageContaining("jobctl.payload-keys key 'k2' is 33 bytes");
    }

    @Test
    void malformedEntriesAreRefusedNamingTheConfigKey() {
        assertThatThrownBy(() -> PayloadKeyRing.parse("jobctl.payload-keys", List.of(key(32))))
                .hasMessageContaining("jobctl.payload-keys entry 0 is not of the form");
        assertThatThrownBy(() -> PayloadKeyRing.parse("jobctl.payload-keys", List.of("k1:not base64!")))
                .hasMessageContaining("jobctl.payload-keys key 'k1' is not valid base64");
        assertThatThrownBy(() -> PayloadKeyRing.parse("jobctl.payload-keys", List.of(":" + key(32))))
                .hasMessageContaining("jobctl.payload-keys entry 0 has an invalid key id");
        assertThatThrownBy(() -> PayloadKeyRing.parse("jobctl.payload-keys", List.of("k 1:" + key(32))))
                .hasMessageContaining("invalid key id");
        assertThatThrownBy(() -> PayloadKeyRing.parse("jobctl.payload-keys", List.of("k1:" + key(32), "k1:" + key(32))))
                .hasMessageContaining("declares key id 'k1' twice");
    }
}
