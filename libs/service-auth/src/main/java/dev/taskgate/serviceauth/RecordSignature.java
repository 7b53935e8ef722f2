package dev.taskgate.serviceauth;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import javax.crypto.Mac;
import javax.crypto.SecretKey;

/**
 * The proof of origin of one Kafka record (docs/security.md "Kafka"): the header {@value #HEADER} holds
 * {@code v1:<issuer>:<keyId>:<base64url MAC>}, the MAC being HMAC-SHA256 under the issuing service's own key (the key
 * of its caller assertions, {@link ServiceKeys}) over {@link #signedBytes}: the version, issuer, key id, the full
 * topic name (with its deployment prefix), the record key and the SHA-256 of the value, each length-prefixed so
 * that no two different records share an input.
 *
 * <p>No expiry: records legitimately wait in Kafka for as long as a consumer is down. Replaying the very same record
 * (same topic, key and value) is possible for whoever can write the topic and harmless: commands are idempotent by
 * receipt and message id, worker events are fenced by (state, epoch), a repeated heartbeat says nothing new. Issuer
 * and key id cannot contain {@code :} ({@link ServiceKeys} splits configured keys on it).
 */
public final class RecordSignature {
    /** The Kafka header that carries the signature. */
    public static final String HEADER = "taskgate-signature";
    /** The version of the signed encoding; a new encoding gets a new version, never an edit. */
    public static final String VERSION = "v1";
    /** Longer header values are refused before any decoding. */
    static final int MAX_LENGTH = 1024;

    private static final byte[] DOMAIN = "taskgate-record-signature".getBytes(StandardCharsets.US_ASCII);

    private RecordSignature() {}

    /**
     * The bytes the MAC is computed over: {@code DOMAIN}, then version, issuer, key id and topic as length-prefixed
     * UTF-8 (4-byte big-endian length), then the key the same way or length {@code -1} when the record has none,
     * then {@code 0} for a record without a value or {@code 1} and the value's SHA-256.
     */
    static byte[] signedBytes(String issuer, String keyId, String topic, String key, byte[] value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(160);
        out.writeBytes(DOMAIN);
        field(out, VERSION);
        field(out, issuer);
        field(out, keyId);
        field(out, topic);
        if (key == null) {
            out.writeBytes(ByteBuffer.allocate(4).putInt(-1).array());
        } else {
            field(out, key);
        }
        if (value == null) {
            out.write(0);
        } else {
            out.write(1);
            out.writeBytes(sha256(value));
        }
        return out.toByteArray();
    }

    static byte[] mac(SecretKey key, byte[] signed) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac.doFinal(signed);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 unavailable", e);
        }
    }

    private static void field(ByteArrayOutputStream out, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.writeBytes(ByteBuffer.allocate(4).putInt(bytes.length).array());
        out.writeBytes(bytes);
    }

    private static byte[] sha256(byte[] value) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(value);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }
}
