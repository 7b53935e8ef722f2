package dev.taskgate.payload;

import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * The configured payload keys (job-control's {@code jobctl.payload-keys}, the other services'
 * {@code taskgate.payload-keys}): an ordered list of {@code <key id>:<base64 key>} entries. The first key seals new
 * values; every key opens values sealed under its id. Construction fails with a message naming the configuration key
 * when the ring is empty or an entry is malformed; the messages never contain key material.
 */
public final class PayloadKeyRing {

    /** The deployment-wide configuration key of the ring ({@code TASKGATE_PAYLOAD_KEYS}). */
    public static final String CONFIG_KEY = "taskgate.payload-keys";
    /** AES-256: every key is exactly this many bytes. */
    public static final int KEY_BYTES = 32;

    private static final Pattern KEY_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    private final Map<String, SecretKey> keys;
    private final String primaryId;
    private final String configKey;

    private PayloadKeyRing(Map<String, SecretKey> keys, String primaryId, String configKey) {
        this.keys = keys;
        this.primaryId = primaryId;
        this.configKey = configKey;
    }

    /**
     * Parses the configured entries, first entry first.
     *
     * @param configKey the configuration key they were read from, named in every message
     * @throws IllegalArgumentException when the ring is empty or an entry is malformed, naming {@code configKey}
     */
    public static PayloadKeyRing parse(String configKey, List<String> entries) {
        if (entries == null || entries.stream().allMatch(e -> e == null || e.isBlank())) {
            throw new IllegalArgumentException(configKey + " is empty: configure at least one payload key as "
                    + "<key id>:<base64 of 32 random bytes> (the first entry encrypts, all decrypt)");
        }
        Map<String, SecretKey> keys = new LinkedHashMap<>();
        int index = 0;
        for (String raw : entries) {
            String entry = raw == null ? "" : raw.strip();
            int colon = entry.indexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException(
                        configKey + " entry " + index + " is not of the form <key id>:<base64 key>");
            }
            String id = entry.substring(0, colon);
            if (!KEY_ID.matcher(id).matches()) {
                throw new IllegalArgumentException(configKey + " entry " + index
                        + " has an invalid key id: use 1-64 characters from A-Z a-z 0-9 . _ -");
            }
            byte[] material;
            try {
                material = Base64.getDecoder().decode(entry.substring(colon + 1));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(configKey + " key '" + id + "' is not valid base64");
            }
            if (material.length != KEY_BYTES) {
                throw new IllegalArgumentException(configKey + " key '" + id + "' is " + material.length
                        + " bytes; AES-256 needs exactly " + KEY_BYTES);
            }
            if (keys.put(id, new SecretKeySpec(material, "AES")) != null) {
                throw new IllegalArgumentException(configKey + " declares key id '" + id + "' twice");
            }
            index++;
        }
        return new PayloadKeyRing(Map.copyOf(keys), keys.keySet().iterator().next(), configKey);
    }

    /** The id of the key that seals new values. */
    public String primaryId() {
        return primaryId;
    }

    /** The configuration key the ring was read from. */
    public String configKey() {
        return configKey;
    }

    SecretKey primaryKey() {
        return keys.get(primaryId);
    }

    Optional<SecretKey> find(String keyId) {
        return Optional.ofNullable(keys.get(keyId));
    }
}
