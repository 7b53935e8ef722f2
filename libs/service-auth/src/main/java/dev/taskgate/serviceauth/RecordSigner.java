package dev.taskgate.serviceauth;

import java.util.Objects;

/**
 * Signs the Kafka records a service produces with its own key ({@link RecordSignature}): the value of the
 * {@value RecordSignature#HEADER} header for one record. Thread-safe.
 */
public final class RecordSigner {
    private final String issuer;
    private final ServiceKeys.SigningKey key;

    /**
     * @param issuer the producing service ({@code mcp-frontend}, {@code worker-pool})
     * @param key    its signing key, the one of its caller assertions
     */
    public RecordSigner(String issuer, ServiceKeys.SigningKey key) {
        this.issuer = Objects.requireNonNull(issuer, "issuer");
        this.key = Objects.requireNonNull(key, "key");
        if (issuer.isEmpty() || issuer.indexOf(':') >= 0) {
            throw new IllegalArgumentException("an issuer is not empty and has no ':'");
        }
        if (key.keyId().isEmpty() || key.keyId().indexOf(':') >= 0) {
            throw new IllegalArgumentException("a key id is not empty and has no ':'");
        }
    }

    /**
     * The header value for a record.
     *
     * @param topic the full topic name, deployment prefix included, as the record is sent to
     * @param key   the record key as sent (UTF-8 on the wire), {@code null} for none
     * @param value the exact value bytes as sent, {@code null} for none
     */
    public String sign(String topic, String key, byte[] value) {
        Objects.requireNonNull(topic, "topic");
        byte[] mac = RecordSignature.mac(
                this.key.key(), RecordSignature.signedBytes(issuer, this.key.keyId(), topic, key, value));
        return RecordSignature.VERSION + ":" + issuer + ":" + this.key.keyId() + ":" + AssertionCodec.encodeBytes(mac);
    }

    /** The issuer this signer signs as. */
    public String issuer() {
        return issuer;
    }
}
