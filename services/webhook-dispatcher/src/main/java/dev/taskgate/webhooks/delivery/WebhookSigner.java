package dev.taskgate.webhooks.delivery;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import dev.taskgate.webhooks.secret.SigningSecret;

/**
 * Standard Webhooks §2 symmetric {@code v1} signatures: base64 HMAC-SHA256 over {@code id.timestamp.body}, where
 * body is the exact byte sequence sent (signing re-serialised JSON would break verification).
 */
public final class WebhookSigner {

    private WebhookSigner() {}

    /**
     * The {@code webhook-signature} header value: one {@code v1,<base64>} token per secret, space-separated, in the
     * order given (during a rotation: new first, then the old one).
     */
    public static String signatureHeader(
            String webhookId, long timestampSeconds, byte[] body, List<SigningSecret> secrets) {
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("at least one secret is needed");
        }
        if (webhookId.indexOf('.') >= 0) {
            throw new IllegalArgumentException("a webhook-id must not contain '.', the signed-content delimiter");
        }
        List<String> tokens = new ArrayList<>(secrets.size());
        for (SigningSecret secret : secrets) {
            tokens.add("v1," + Base64.getEncoder().encodeToString(hmac(secret, webhookId, timestampSeconds, body)));
        }
        return String.join(" ", tokens);
    }

    private static byte[] hmac(SigningSecret secret, String webhookId, long timestampSeconds, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.key(), "HmacSHA256"));
            mac.update((webhookId + "." + timestampSeconds + ".").getBytes(StandardCharsets.UTF_8));
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is unavailable", e);
        }
    }
}
