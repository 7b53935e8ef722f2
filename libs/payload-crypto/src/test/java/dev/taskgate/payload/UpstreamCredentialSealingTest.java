package dev.taskgate.payload;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** An upstream's credential opens only for the upstream it was sealed for, and is never stored in the clear. */
class UpstreamCredentialSealingTest {
    private static final String SECRET = "Bearer s3cret-upstream-token";

    private static UpstreamCredentialSealing sealing() {
        byte[] key = new byte[32];
        Arrays.fill(key, (byte) 0x33);
        return new UpstreamCredentialSealing(new PayloadCipher(
                PayloadKeyRing.parse(
                        "taskgate.payload-keys",
                        List.of("k1:" + Base64.getEncoder().encodeToString(key))),
                new SecureRandom()));
    }

    @Test
    void opensForTheSameUpstreamAndHoldsNoPlainText() {
        UpstreamCredentialSealing sealing = sealing();

        byte[] sealed = sealing.seal("counting", SECRET);

        assertThat(new String(sealed, StandardCharsets.ISO_8859_1)).doesNotContain("s3cret");
        assertThat(sealing.open("counting", sealed)).isEqualTo(SECRET);
    }

    @Test
    void aValueMovedToAnotherUpstreamDoesNotOpen() {
        UpstreamCredentialSealing sealing = sealing();
        byte[] sealed = sealing.seal("counting", SECRET);

        assertThatThrownBy(() -> sealing.open("counting-2", sealed))
                .isInstanceOf(PayloadUnreadableException.class)
                .hasMessageNotContaining("s3cret");
    }
}
