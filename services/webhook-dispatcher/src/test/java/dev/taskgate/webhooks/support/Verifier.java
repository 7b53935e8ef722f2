package dev.taskgate.webhooks.support;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A receiver-side Standard Webhooks verifier written from the spec (§2.5), independent of the service's signer:
 * all three headers present, timestamp within 5 minutes, and some {@code v1} token equal (constant time) to the
 * HMAC of {@code id.timestamp.body} with the secret.
 */
public final class Verifier {
    private Verifier() {}

    /** Whether the request carries a valid signature for this {@code whsec_} secret. */
    public static boolean verifies(Receiver.Request request, String secret) {
        String id = request.header("webhook-id");
        String timestamp = request.header("webhook-timestamp");
        String signatures = request.header("webhook-signature");
        if (id == null || timestamp == null || signatures == null) {
            return false;
        }
        long ts = Long.parseLong(timestamp);
        if (Math.abs(Instant.now().getEpochSecond() - ts) > 300) {
            return false;
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
            byte[] prefix = (id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8);
            byte[] signed = new byte[prefix.length + request.body().length];
            System.arraycopy(prefix, 0, signed, 0, prefix.length);
            System.arraycopy(request.body(), 0, signed, prefix.length, request.body().length);
            byte[] expected = mac.doFinal(signed);
            for (String token : signatures.split(" ")) {
                int comma = token.indexOf(',');
                if (comma > 0
                        && token.substring(0, comma).equals("v1")
                        && MessageDigest.isEqual(expected, Base64.getDecoder().decode(token.substring(comma + 1)))) {
                    return true;
                }
            }
            return false;
        } catch (Exception e) {
            return false;
        }
    }
}
