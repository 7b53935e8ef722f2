package dev.taskgate.frontend.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Bearer tokens whose signature and claims were verified, remembered so that a client polling with the same token
 * does not pay an RS256 verification per request (docs/security.md "Verified-token cache"). Keyed by the SHA-256 of
 * the raw token, so the token itself is never held as a key; only successful verifications are remembered; an entry
 * lives until the earliest of the token's {@code exp}, the end of its accepted age ({@code iat} + the maximum token
 * age) and {@code maxAge} after its verification; at most {@code maxEntries} entries, the least recently used leaving
 * first. {@code maxEntries} 0 remembers nothing.
 */
final class VerifiedTokens {
    private final int maxEntries;
    private final Duration maxAge;
    private final Optional<Duration> maxTokenAge;
    private final Map<String, Entry> entries;

    VerifiedTokens(int maxEntries, Duration maxAge, Optional<Duration> maxTokenAge) {
        if (maxEntries < 0) {
            throw new IllegalArgumentException("taskgate.frontend.token-cache.max-entries must not be negative");
        }
        this.maxEntries = maxEntries;
        this.maxAge = maxAge;
        this.maxTokenAge = maxTokenAge;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Entry> eldest) {
                return size() > VerifiedTokens.this.maxEntries;
            }
        };
    }

    /** The token verified earlier from these exact bytes, if its entry has not expired by {@code now}. */
    Optional<JsonWebToken> find(String rawToken, Instant now) {
        if (maxEntries == 0) {
            return Optional.empty();
        }
        String key = digest(rawToken);
        synchronized (entries) {
            Entry entry = entries.get(key);
            if (entry == null) {
                return Optional.empty();
            }
            if (!now.isBefore(entry.expiresAt())) {
                entries.remove(key);
                return Optional.empty();
            }
            return Optional.of(entry.token());
        }
    }

    /**
     * Remembers a token that was just verified at {@code now}; one without {@code exp} (or without {@code iat} when a
     * maximum token age applies) is not remembered.
     */
    void remember(String rawToken, JsonWebToken token, Instant now) {
        Optional<Instant> exp = instant(token, "exp");
        if (maxEntries == 0 || exp.isEmpty()) {
            return;
        }
        Instant expiresAt = exp.get();
        if (maxTokenAge.isPresent()) {
            Optional<Instant> iat = instant(token, "iat");
            if (iat.isEmpty()) {
                return;
            }
            expiresAt = earlier(expiresAt, iat.get().plus(maxTokenAge.get()));
        }
        expiresAt = earlier(expiresAt, now.plus(maxAge));
        if (!now.isBefore(expiresAt)) {
            return;
        }
        String key = digest(rawToken);
        synchronized (entries) {
            entries.put(key, new Entry(token, expiresAt));
        }
    }

    /** How many entries are held (expired ones included until they are looked up or pushed out). */
    int size() {
        synchronized (entries) {
            return entries.size();
        }
    }

    // SmallRye hands numeric date claims over as Long; anything else is not a date this cache can bound an entry by
    private static Optional<Instant> instant(JsonWebToken token, String claim) {
        Object value = token.getClaim(claim);
        return value instanceof Long ? Optional.of(Instant.ofEpochSecond((Long) value)) : Optional.empty();
    }

    private static Instant earlier(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    private static String digest(String rawToken) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(rawToken.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
    }

    private record Entry(JsonWebToken token, Instant expiresAt) {}
}
