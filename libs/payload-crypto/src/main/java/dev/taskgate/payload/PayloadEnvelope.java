package dev.taskgate.payload;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Iterator;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A value sealed by {@link PayloadCipher}, written as a JSON object in a Kafka record:
 * {@code {"kid": <key id>, "nonce": <base64url 12 bytes>, "ciphertext": <base64url ciphertext ‖ tag>}} (no padding).
 * It is the cipher's version 1 format member by member, so the key id is authenticated like the stored header.
 */
final class PayloadEnvelope {
    static final String KID = "kid";
    static final String NONCE = "nonce";
    static final String CIPHERTEXT = "ciphertext";

    private static final int NONCE_BYTES = 12;

    private PayloadEnvelope() {}

    /** The envelope of a value in the cipher's sealed format. */
    static ObjectNode of(byte[] sealed) {
        int idLength = Byte.toUnsignedInt(sealed[1]);
        int nonceAt = 2 + idLength;
        Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
        ObjectNode envelope = JsonNodeFactory.instance.objectNode();
        envelope.put(KID, new String(sealed, 2, idLength, StandardCharsets.US_ASCII));
        envelope.put(NONCE, base64.encodeToString(slice(sealed, nonceAt, NONCE_BYTES)));
        envelope.put(
                CIPHERTEXT,
                base64.encodeToString(slice(sealed, nonceAt + NONCE_BYTES, sealed.length - nonceAt - NONCE_BYTES)));
        return envelope;
    }

    /**
     * The sealed format of an envelope.
     *
     * @throws PayloadUnreadableException when {@code value} is not an envelope (a plaintext value among them)
     */
    static byte[] sealedBytes(JsonNode value, UUID subject, PayloadRole role) {
        if (!isEnvelope(value)) {
            throw new PayloadUnreadableException(
                    subject,
                    role.describe(),
                    null,
                    "not a sealed envelope {kid, nonce, ciphertext} (a plaintext value is refused)",
                    null);
        }
        String kid = value.get(KID).textValue();
        byte[] id = kid.getBytes(StandardCharsets.US_ASCII);
        if (kid.isEmpty()
                || id.length > 255
                || !StandardCharsets.US_ASCII.newEncoder().canEncode(kid)) {
            throw new PayloadUnreadableException(subject, role.describe(), null, "malformed key id", null);
        }
        byte[] nonce;
        byte[] ciphertext;
        try {
            nonce = Base64.getUrlDecoder().decode(value.get(NONCE).textValue());
            ciphertext = Base64.getUrlDecoder().decode(value.get(CIPHERTEXT).textValue());
        } catch (IllegalArgumentException e) {
            throw new PayloadUnreadableException(subject, role.describe(), kid, "nonce or ciphertext not base64url", e);
        }
        if (nonce.length != NONCE_BYTES) {
            throw new PayloadUnreadableException(subject, role.describe(), kid, "the nonce is not 12 bytes", null);
        }
        return ByteBuffer.allocate(2 + id.length + nonce.length + ciphertext.length)
                .put(PayloadCipher.FORMAT_V1)
                .put((byte) id.length)
                .put(id)
                .put(nonce)
                .put(ciphertext)
                .array();
    }

    /** Exactly the three members, each a string. */
    static boolean isEnvelope(JsonNode value) {
        if (value == null || !value.isObject() || value.size() != 3) {
            return false;
        }
        for (Iterator<String> names = value.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!(name.equals(KID) || name.equals(NONCE) || name.equals(CIPHERTEXT))
                    || !value.get(name).isTextual()) {
                return false;
            }
        }
        return true;
    }

    private static byte[] slice(byte[] bytes, int from, int length) {
        byte[] out = new byte[length];
        System.arraycopy(bytes, from, out, 0, length);
        return out;
    }
}
