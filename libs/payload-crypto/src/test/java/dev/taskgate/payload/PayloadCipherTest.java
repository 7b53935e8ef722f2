package dev.taskgate.payload;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PayloadCipherTest {

    private static final String KEY_A = "key-a:" + Base64.getEncoder().encodeToString(filled(0x11));
    private static final String KEY_B = "key-b:" + Base64.getEncoder().encodeToString(filled(0x22));
    private static final UUID ID = UUID.fromString("6f1c2c1e-0000-4000-8000-000000000001");
    private static final UUID OTHER_ID = UUID.fromString("6f1c2c1e-0000-4000-8000-000000000002");
    private static final byte[] RESULT = ("{\"content\":[{\"type\":\"text\",\"text\":\"h\\u00e9llo\"}],  "
                    + "\"isError\":false, \"n\":2.50, \"ü\":\"😀\"}")
            .getBytes(StandardCharsets.UTF_8);

    private static byte[] filled(int value) {
        byte[] key = new byte[32];
        Arrays.fill(key, (byte) value);
        return key;
    }

    private static PayloadCipher cipher(String... entries) {
        return new PayloadCipher(PayloadKeyRing.parse("jobctl.payload-keys", List.of(entries)), new SecureRandom());
    }

    @ParameterizedTest
    @EnumSource(TestRole.class)
    void opensExactlyTheSealedBytes(TestRole kind) {
        PayloadCipher cipher = cipher(KEY_A);

        assertThat(cipher.open(ID, kind, cipher.seal(ID, kind, RESULT))).isEqualTo(RESULT);
        assertThat(cipher.open(ID, kind, cipher.seal(ID, kind, new byte[0]))).isEmpty();
    }

    @Test
    void storesVersionKeyIdNonceAndCiphertextButNeverThePlaintext() {
        byte[] sealed = cipher(KEY_A).seal(ID, TestRole.RESULT, RESULT);

        assertThat(sealed[0]).isEqualTo(PayloadCipher.FORMAT_V1);
        assertThat(sealed[1]).isEqualTo((byte) 5);
        assertThat(new String(sealed, 2, 5, StandardCharsets.US_ASCII)).isEqualTo("key-a");
        assertThat(sealed).hasSize(1 + 1 + 5 + 12 + RESULT.length + 16);
        assertThat(new String(sealed, StandardCharsets.ISO_8859_1)).doesNotContain("content", "isError");
    }

    /**
     * Each thread reuses one {@code Cipher}: sealing and opening in turn, under two key rings, and after an opening
     * that failed authentication, every use starts from its own key and nonce.
     */
    @Test
    void oneThreadSealsAndOpensInTurnUnderTwoKeysAndAfterAFailure() {
        PayloadCipher underA = cipher(KEY_A);
        PayloadCipher underB = cipher(KEY_B, KEY_A);

        for (int i = 0; i < 50; i++) {
            byte[] plaintext = (i + ": " + new String(RESULT, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
            byte[] sealedA = underA.seal(ID, TestRole.RESULT, plaintext);
            byte[] sealedB = underB.seal(OTHER_ID, TestRole.INPUT, plaintext);
            assertThatThrownBy(() -> underA.open(OTHER_ID, TestRole.RESULT, sealedA))
                    .isInstanceOf(PayloadUnreadableException.class);

            assertThat(underB.open(ID, TestRole.RESULT, sealedA)).isEqualTo(plaintext);
            assertThat(underB.open(OTHER_ID, TestRole.INPUT, sealedB)).isEqualTo(plaintext);
        }
    }

    @Test
    void everyValueGetsAFreshNonce() {
        PayloadCipher cipher = cipher(KEY_A);

        byte[] first = cipher.seal(ID, TestRole.INPUT, RESULT);
        byte[] second = cipher.seal(ID, TestRole.INPUT, RESULT);

        assertThat(Arrays.copyOfRange(first, 7, 19)).isNotEqualTo(Arrays.copyOfRange(second, 7, 19));
        assertThat(first).isNotEqualTo(second);
    }

    @Test
    void changingAnyStoredByteFails() {
        PayloadCipher cipher = cipher(KEY_A);
        byte[] sealed = cipher.seal(ID, TestRole.RESULT, RESULT);

        for (int i = 0; i < sealed.length; i++) {
            byte[] tampered = sealed.clone();
            tampered[i] ^= 0x01;
            int position = i;
            assertThatThrownBy(() -> cipher.open(ID, TestRole.RESULT, tampered))
                    .as("byte %d flipped", position)
                    .isInstanceOf(PayloadUnreadableException.class);
        }
    }

    @Test
    void truncatedOrExtendedValuesFail() {
        PayloadCipher cipher = cipher(KEY_A);
        byte[] sealed = cipher.seal(ID, TestRole.RESULT, RESULT);

        assertThatThrownBy(() -> cipher.open(ID, TestRole.RESULT, Arrays.copyOf(sealed, sealed.length - 1)))
                .isInstanceOf(PayloadUnreadableException.class);
        assertThatThrownBy(() -> cipher.open(ID, TestRole.RESULT, Arrays.copyOf(sealed, sealed.length + 1)))
                .isInstanceOf(PayloadUnreadableException.class);
        assertThatThrownBy(() -> cipher.open(ID, TestRole.RESULT, Arrays.copyOf(sealed, 10)))
                .isInstanceOf(PayloadUnreadableException.class);
        assertThatThrownBy(() -> cipher.open(ID, TestRole.RESULT, RESULT))
                .isInstanceOf(PayloadUnreadableException.class)
                .hasMessageContaining("unknown stored format");
    }

    @Test
    void aValueUnderAnotherExecutionIdFails() {
        PayloadCipher cipher = cipher(KEY_A);
        byte[] sealed = cipher.seal(ID, TestRole.RESULT, RESULT);

        assertThatThrownBy(() -> cipher.open(OTHER_ID, TestRole.RESULT, sealed))
                .isInstanceOf(PayloadUnreadableException.class)
                .hasMessageContaining(OTHER_ID.toString())
                .hasMessageContaining("authentication failed");
    }

    @Test
    void aValueMovedToAnotherFieldFails() {
        PayloadCipher cipher = cipher(KEY_A);
        byte[] input = cipher.seal(ID, TestRole.INPUT, RESULT);

        assertThatThrownBy(() -> cipher.open(ID, TestRole.RESULT, input))
                .isInstanceOf(PayloadUnreadableException.class);
    }

    @Test
    void rotationKeepsOldValuesReadableUntilTheirKeyIsRemoved() {
        byte[] underA = cipher(KEY_A).seal(ID, TestRole.RESULT, RESULT);

        PayloadCipher rotated = cipher(KEY_B, KEY_A);
        byte[] underB = rotated.seal(ID, TestRole.RESULT, RESULT);

        assertThat(rotated.open(ID, TestRole.RESULT, underA)).isEqualTo(RESULT);
        assertThat(new String(underB, 2, underB[1], StandardCharsets.US_ASCII)).isEqualTo("key-b");
        assertThat(rotated.open(ID, TestRole.RESULT, underB)).isEqualTo(RESULT);

        PayloadCipher retired = cipher(KEY_B);
        assertThat(retired.open(ID, TestRole.RESULT, underB)).isEqualTo(RESULT);
        assertThatThrownBy(() -> retired.open(ID, TestRole.RESULT, underA))
                .isInstanceOfSatisfying(PayloadUnreadableException.class, e -> {
                    assertThat(e.keyId()).isEqualTo("key-a");
                    assertThat(e.executionId()).isEqualTo(ID);
                })
                .hasMessageContaining("key id 'key-a'")
                .hasMessageContaining("jobctl.payload-keys");
    }

    @Test
    void aKeyWithTheSameIdButOtherMaterialFails() {
        byte[] sealed = cipher(KEY_A).seal(ID, TestRole.RESULT, RESULT);
        PayloadCipher impostor = cipher("key-a:" + Base64.getEncoder().encodeToString(filled(0x33)));

        assertThatThrownBy(() -> impostor.open(ID, TestRole.RESULT, sealed))
                .isInstanceOf(PayloadUnreadableException.class);
    }

    /** Two roles, as job-control's stored columns are. */
    enum TestRole implements PayloadRole {
        INPUT,
        RESULT;

        @Override
        public byte[] associatedLabel() {
            return name().toLowerCase(java.util.Locale.ROOT).getBytes(StandardCharsets.US_ASCII);
        }

        @Override
        public String describe() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
