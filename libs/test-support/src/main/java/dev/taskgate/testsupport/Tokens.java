package dev.taskgate.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * Mints RS256 JWTs for tests with the test-only key pair in {@code test-keys/} (on this module's
 * classpath; see the README there). JDK only.
 *
 * <pre>
 * String token = Tokens.forSubject("alice").org("acme").project("demo").scopes("tools:call").sign();
 * </pre>
 *
 * A service under test verifies them with {@link #PUBLIC_KEY_LOCATION} (a SmallRye JWT key location) or,
 * for a separate process, with the file from {@link #publicKeyFile()}. Negative cases:
 * {@link Builder#expired()}, {@link Builder#signedWithUnknownKey()}, {@link Builder#issuer(String)},
 * {@link Builder#audience(String)}, {@link Builder#without(String)}. A service that reads its keys from a JWKS
 * ({@link JwksServer}) verifies tokens {@link Builder#signedWith(JwkKeyPair) signed with} a {@link JwkKeyPair}.
 */
public final class Tokens {
    /** The issuer the services expect by default. */
    public static final String DEFAULT_ISSUER = "https://taskgate.local/dev";
    /** The audience the services expect by default. */
    public static final String DEFAULT_AUDIENCE = "taskgate";
    /** Classpath resource of the test public key (X.509 SubjectPublicKeyInfo PEM). */
    public static final String PUBLIC_KEY_RESOURCE = "test-keys/jwt-public.pem";
    /** Classpath resource of the test private key (PKCS#8 PEM). */
    public static final String PRIVATE_KEY_RESOURCE = "test-keys/jwt-private.pem";
    /** Value for {@code mp.jwt.verify.publickey.location} in a service's {@code %test} profile. */
    public static final String PUBLIC_KEY_LOCATION = "classpath:" + PUBLIC_KEY_RESOURCE;

    private static volatile PrivateKey testKey;
    private static volatile PrivateKey unknownKey;

    private Tokens() {}

    /** Starts a token for this subject; defaults: org {@code acme}, project {@code demo}, scope {@code tools:call}, 1 h. */
    public static Builder forSubject(String subject) {
        return new Builder(subject);
    }

    /** The test public key as PEM text. */
    public static String publicKeyPem() {
        return resource(PUBLIC_KEY_RESOURCE);
    }

    /**
     * The test private key as PEM text, for a key folder that development tooling expects to hold the whole pair
     * (the system tests' state); never give it to a service.
     */
    public static String privateKeyPem() {
        return resource(PRIVATE_KEY_RESOURCE);
    }

    /**
     * The test public key written to a temporary file (deleted on exit), for configuring a service started as
     * a separate process ({@code MP_JWT_VERIFY_PUBLICKEY_LOCATION=file:<path>}).
     */
    public static Path publicKeyFile() {
        try {
            Path file = Files.createTempFile("taskgate-test-jwt-public", ".pem");
            file.toFile().deleteOnExit();
            Files.writeString(file, publicKeyPem(), StandardCharsets.US_ASCII);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Builds one token; every setter returns this builder. */
    public static final class Builder {
        private final Map<String, Object> claims = new LinkedHashMap<>();
        private final List<String> omitted = new ArrayList<>();
        private Duration ttl = Duration.ofHours(1);
        private Instant issuedAt;
        private boolean unknownSigner;
        private JwkKeyPair jwkSigner;

        private Builder(String subject) {
            claims.put("iss", DEFAULT_ISSUER);
            claims.put("aud", DEFAULT_AUDIENCE);
            claims.put("sub", Objects.requireNonNull(subject, "subject"));
            claims.put("org_id", "acme");
            claims.put("project_id", "demo");
            claims.put("scope", "tools:call");
        }

        /** The {@code org_id} claim. */
        public Builder org(String org) {
            claims.put("org_id", org);
            return this;
        }

        /** The {@code project_id} claim. */
        public Builder project(String project) {
            claims.put("project_id", project);
            return this;
        }

        /** The {@code scope} claim: the scopes joined by spaces (none gives an empty scope). */
        public Builder scopes(String... scopes) {
            claims.put("scope", String.join(" ", scopes));
            return this;
        }

        /** Lifetime from now (default one hour). */
        public Builder ttl(Duration ttl) {
            this.ttl = Objects.requireNonNull(ttl, "ttl");
            return this;
        }

        /** The {@code iss} claim. */
        public Builder issuer(String issuer) {
            claims.put("iss", issuer);
            return this;
        }

        /** The {@code aud} claim. */
        public Builder audience(String audience) {
            claims.put("aud", audience);
            return this;
        }

        /** Any other claim (a string, number, boolean, or a list of those). */
        public Builder claim(String name, Object value) {
            claims.put(name, value);
            return this;
        }

        /** A claim whose value is this JSON text as is (e.g. a malformed {@code workspaces} claim). */
        public Builder claimJson(String name, String json) {
            claims.put(name, new RawJson(json));
            return this;
        }

        /** Leaves a claim out of the token (e.g. {@code "org_id"}). */
        public Builder without(String claim) {
            omitted.add(claim);
            return this;
        }

        /** Issued two hours ago and expired an hour ago: well beyond any clock-skew allowance. */
        public Builder expired() {
            this.issuedAt = Instant.now().minus(Duration.ofHours(2));
            this.ttl = Duration.ofHours(1);
            return this;
        }

        /** The {@code iat} claim (default: now); the expiry stays {@code iat + ttl}. */
        public Builder issuedAt(Instant issuedAt) {
            this.issuedAt = Objects.requireNonNull(issuedAt, "issuedAt");
            return this;
        }

        /** Signs with a freshly generated key that no service trusts: the signature does not verify. */
        public Builder signedWithUnknownKey() {
            this.unknownSigner = true;
            return this;
        }

        /** Signs with this key and names it in the header ({@code kid}), as an identity provider with a JWKS does. */
        public Builder signedWith(JwkKeyPair key) {
            this.jwkSigner = Objects.requireNonNull(key, "key");
            return this;
        }

        /** The compact JWS. */
        public String sign() {
            Instant iat = issuedAt != null ? issuedAt : Instant.now();
            Map<String, Object> all = new LinkedHashMap<>(claims);
            all.put("iat", iat.getEpochSecond());
            all.put("exp", iat.plus(ttl).getEpochSecond());
            all.put("jti", UUID.randomUUID().toString());
            omitted.forEach(all::remove);
            if (jwkSigner != null) {
                return signJws(all, jwkSigner.kid(), jwkSigner.privateKey());
            }
            return signJws(all, null, unknownSigner ? unknownKey() : testKey());
        }
    }

    private static String signJws(Map<String, Object> claims, String kid, PrivateKey key) {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String headerJson = kid == null
                ? "{\"alg\":\"RS256\",\"typ\":\"JWT\"}"
                : "{\"alg\":\"RS256\",\"typ\":\"JWT\",\"kid\":" + quote(kid) + "}";
        String header = b64.encodeToString(headerJson.getBytes(StandardCharsets.UTF_8));
        String payload = b64.encodeToString(json(claims).getBytes(StandardCharsets.UTF_8));
        try {
            Signature signature = Signature.getInstance("SHA256withRSA");
            signature.initSign(key);
            signature.update((header + "." + payload).getBytes(StandardCharsets.US_ASCII));
            return header + "." + payload + "." + b64.encodeToString(signature.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign a test token", e);
        }
    }

    private static String json(Map<String, Object> claims) {
        List<String> members = new ArrayList<>();
        for (Map.Entry<String, Object> e : claims.entrySet()) {
            members.add(quote(e.getKey()) + ":" + value(e.getValue()));
        }
        return "{" + String.join(",", members) + "}";
    }

    private static String value(Object v) {
        if (v instanceof RawJson) {
            return ((RawJson) v).json();
        }
        if (v instanceof List) {
            List<String> items = new ArrayList<>();
            for (Object item : (List<?>) v) {
                items.add(value(item));
            }
            return "[" + String.join(",", items) + "]";
        }
        return v instanceof Number || v instanceof Boolean ? v.toString() : quote(String.valueOf(v));
    }

    /** A claim value written as is. */
    private record RawJson(String json) {}

    private static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append('"').toString();
    }

    private static PrivateKey testKey() {
        if (testKey == null) {
            synchronized (Tokens.class) {
                if (testKey == null) {
                    testKey = parsePrivateKey(resource(PRIVATE_KEY_RESOURCE));
                }
            }
        }
        return testKey;
    }

    private static PrivateKey unknownKey() {
        if (unknownKey == null) {
            synchronized (Tokens.class) {
                if (unknownKey == null) {
                    try {
                        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
                        generator.initialize(2048);
                        unknownKey = generator.generateKeyPair().getPrivate();
                    } catch (GeneralSecurityException e) {
                        throw new IllegalStateException("cannot generate a key", e);
                    }
                }
            }
        }
        return unknownKey;
    }

    private static PrivateKey parsePrivateKey(String pem) {
        String base64 = pem.replace("-----BEGIN PRIVATE KEY-----", "")
                .replace("-----END PRIVATE KEY-----", "")
                .replaceAll("\\s", "");
        try {
            return KeyFactory.getInstance("RSA")
                    .generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("invalid test private key " + PRIVATE_KEY_RESOURCE, e);
        }
    }

    private static String resource(String name) {
        try (InputStream in = Tokens.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing from the classpath: " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
