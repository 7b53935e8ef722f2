package dev.taskgate.webhooks.delivery;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.taskgate.webhooks.secret.SigningSecret;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The signer against the Standard Webhooks test vectors (spec digest §3). */
class WebhookSignerTest {

    @Test
    void matchesVectorAOfTheReferenceLibraries() {
        String header = WebhookSigner.signatureHeader(
                "msg_p5jXN8AQM9LWM0D4loKWxJek",
                1614265330,
                "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8),
                List.of(SigningSecret.parse("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")));
        assertThat(header).isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
        assertThat(header).isNotEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OA=");
    }

    @Test
    void matchesVectorBOfTheRustLibrary() {
        String header = WebhookSigner.signatureHeader(
                "msg_27UH4WbU6Z5A5EzD8u03UvzRbpk",
                1649367553,
                "{\"email\":\"test@example.com\",\"username\":\"test_user\"}".getBytes(StandardCharsets.UTF_8),
                List.of(SigningSecret.parse("whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD")));
        assertThat(header).isEqualTo("v1,tZ1I4/hDygAJgO5TYxiSd6Sd0kDW6hPenDe+bTa3Kkw=");
    }

    @Test
    void signsWithEverySecretSpaceSeparatedInTheGivenOrder() {
        byte[] body = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);
        SigningSecret a = SigningSecret.parse("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
        SigningSecret b = SigningSecret.parse("whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD");
        String both = WebhookSigner.signatureHeader("msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body, List.of(b, a));
        assertThat(both.split(" "))
                .containsExactly(
                        WebhookSigner.signatureHeader("msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body, List.of(b)),
                        "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    @Test
    void aChangedBodyByteChangesTheSignature() {
        SigningSecret s = SigningSecret.parse("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
        assertThat(WebhookSigner.signatureHeader(
                        "msg_1", 1, "{\"test\":2432232314}".getBytes(StandardCharsets.UTF_8), List.of(s)))
                .isNotEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    @Test
    void refusesAnIdWithTheDelimiterAndAnEmptySecretList() {
        SigningSecret s = SigningSecret.parse("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
        assertThatThrownBy(() -> WebhookSigner.signatureHeader("msg.1", 1, new byte[0], List.of(s)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WebhookSigner.signatureHeader("msg_1", 1, new byte[0], List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void webhookIdsNeverContainTheDelimiter() {
        assertThat(Delivery.webhookIdFor(java.util.UUID.fromString("0190c3a2-1111-7000-8000-000000000001")))
                .isEqualTo("msg_0190c3a2111170008000000000000001")
                .doesNotContain(".");
    }
}
