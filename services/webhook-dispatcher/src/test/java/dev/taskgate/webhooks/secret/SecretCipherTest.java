package dev.taskgate.webhooks.secret;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Secrets at rest (AES-256-GCM bound to the subscription id) and the whsec_ format. */
class SecretCipherTest {
    private static final String KEY = Base64.getEncoder().encodeToString(new byte[32]);
    private final SecureRandom random = new SecureRandom();

    @Test
    void roundTripsAndHidesTheKeyBytes() {
        SecretCipher cipher = SecretCipher.withBase64Key(KEY, random);
        UUID id = UUID.randomUUID();
        SigningSecret secret = SigningSecret.generate(random);
        byte[] stored = cipher.encrypt(id, secret);
        assertThat(cipher.decrypt(id, stored)).isEqualTo(secret);
        assertThat(new String(stored, java.nio.charset.StandardCharsets.ISO_8859_1))
                .doesNotContain(new String(secret.key(), java.nio.charset.StandardCharsets.ISO_8859_1));
        assertThat(cipher.encrypt(id, secret)).as("fresh nonce per encryption").isNotEqualTo(stored);
    }

    @Test
    void refusesAnotherSubscriptionsCiphertextATamperedOneAndAnotherKey() {
        SecretCipher cipher = SecretCipher.withBase64Key(KEY, random);
        UUID id = UUID.randomUUID();
        byte[] stored = cipher.encrypt(id, SigningSecret.generate(random));
        assertThatThrownBy(() -> cipher.decrypt(UUID.randomUUID(), stored)).isInstanceOf(IllegalStateException.class);
        byte[] tampered = stored.clone();
        tampered[tampered.length - 1] ^= 1;
        assertThatThrownBy(() -> cipher.decrypt(id, tampered)).isInstanceOf(IllegalStateException.class);
        byte[] otherKey = new byte[32];
        otherKey[0] = 1;
        SecretCipher other = SecretCipher.withBase64Key(Base64.getEncoder().encodeToString(otherKey), random);
        assertThatThrownBy(() -> other.decrypt(id, stored)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> cipher.decrypt(id, new byte[5])).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void requiresABase64KeyOfExactly32Bytes() {
        assertThatThrownBy(() -> SecretCipher.withBase64Key(null, random)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SecretCipher.withBase64Key(" ", random)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SecretCipher.withBase64Key("not base64!", random))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SecretCipher.withBase64Key(Base64.getEncoder().encodeToString(new byte[16]), random))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("32 bytes");
    }

    @Test
    void generatedSecretsAreWhsecBase64Of24To64Bytes() {
        SigningSecret secret = SigningSecret.generate(random);
        String shown = secret.serialise();
        assertThat(shown).startsWith("whsec_");
        int length = Base64.getDecoder().decode(shown.substring(6)).length;
        assertThat(length).isBetween(24, 64);
        assertThat(SigningSecret.parse(shown)).isEqualTo(secret);
        assertThat(secret.toString()).doesNotContain(shown.substring(6));
        assertThatThrownBy(
                        () -> SigningSecret.parse("whsec_" + Base64.getEncoder().encodeToString(new byte[16])))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
