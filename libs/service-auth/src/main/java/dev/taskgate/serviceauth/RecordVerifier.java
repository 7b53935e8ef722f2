package dev.taskgate.serviceauth;

import java.security.MessageDigest;
import java.util.Map;
import javax.crypto.SecretKey;

/**
 * Verifies the {@link RecordSignature} of one consumed Kafka record: present and well-formed, made by the one
 * service that may produce on this topic, under a key trusted for that service, and over this very topic, key and
 * value. Thread-safe.
 */
public final class RecordVerifier {
    private final Map<String, Map<String, SecretKey>> trusted;

    /** @param trusted issuer → key id → key ({@link ServiceKeys#trustedKeys}), the same keys as caller assertions */
    public RecordVerifier(Map<String, Map<String, SecretKey>> trusted) {
        this.trusted = Map.copyOf(trusted);
    }

    /**
     * Checks a record's signature; returns normally only when it holds.
     *
     * @param header         the {@value RecordSignature#HEADER} value, {@code null} when absent
     * @param expectedIssuer the only service whose records this topic takes
     * @param topic          the full topic name the record was read from
     * @param key            the record key as read, {@code null} for none
     * @param value          the value bytes as read, {@code null} for none
     * @throws InvalidRecordSignatureException when anything does not hold; the reason is for the log only
     */
    public void verify(String header, String expectedIssuer, String topic, String key, byte[] value)
            throws InvalidRecordSignatureException {
        if (header == null || header.isEmpty()) {
            throw new InvalidRecordSignatureException("no " + RecordSignature.HEADER + " header");
        }
        if (header.length() > RecordSignature.MAX_LENGTH) {
            throw new InvalidRecordSignatureException(
                    "the signature is longer than " + RecordSignature.MAX_LENGTH + " characters");
        }
        String[] parts = header.split(":", -1);
        if (parts.length != 4 || parts[1].isEmpty() || parts[2].isEmpty() || parts[3].isEmpty()) {
            throw new InvalidRecordSignatureException("the signature is not v1:<issuer>:<keyId>:<mac>");
        }
        if (!RecordSignature.VERSION.equals(parts[0])) {
            throw new InvalidRecordSignatureException("unsupported signature version");
        }
        String issuer = parts[1];
        String keyId = parts[2];
        if (!expectedIssuer.equals(issuer)) {
            throw new InvalidRecordSignatureException(
                    "signed by " + issuer + "; this topic takes records of " + expectedIssuer + " only");
        }
        SecretKey secret = trusted.getOrDefault(issuer, Map.of()).get(keyId);
        if (secret == null) {
            throw new InvalidRecordSignatureException("unknown signer " + issuer + " key " + keyId);
        }
        byte[] mac;
        try {
            mac = AssertionCodec.decodeBytes(parts[3]);
        } catch (InvalidAssertionException e) {
            throw new InvalidRecordSignatureException("the MAC is not canonical base64url");
        }
        byte[] expected = RecordSignature.mac(secret, RecordSignature.signedBytes(issuer, keyId, topic, key, value));
        if (!MessageDigest.isEqual(expected, mac)) {
            throw new InvalidRecordSignatureException("the signature does not verify");
        }
    }
}
