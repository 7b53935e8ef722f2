package dev.taskgate.testsupport;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;

/**
 * A freshly generated RS256 key pair with a key id ({@code kid}), for tokens verified through a JWKS
 * ({@link JwksServer}, {@link Tokens.Builder#signedWith(JwkKeyPair)}). Exists only in memory, for one test JVM.
 */
public final class JwkKeyPair {
    private final String kid;
    private final KeyPair pair;

    private JwkKeyPair(String kid, KeyPair pair) {
        this.kid = kid;
        this.pair = pair;
    }

    /** A new 2048-bit RSA key pair named {@code kid}. */
    public static JwkKeyPair generate(String kid) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return new JwkKeyPair(Objects.requireNonNull(kid, "kid"), generator.generateKeyPair());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot generate a key", e);
        }
    }

    /** The key id, sent in the token header and the JWK. */
    public String kid() {
        return kid;
    }

    PrivateKey privateKey() {
        return pair.getPrivate();
    }

    /** The public key as one JWK (RFC 7517 §4, RFC 7518 §6.3.1) for signatures with RS256. */
    public String publicJwk() {
        RSAPublicKey key = (RSAPublicKey) pair.getPublic();
        return "{\"kty\":\"RSA\",\"kid\":\"" + kid + "\",\"use\":\"sig\",\"alg\":\"RS256\",\"n\":\""
                + unsigned(key.getModulus()) + "\",\"e\":\"" + unsigned(key.getPublicExponent()) + "\"}";
    }

    /** Base64url of the big-endian magnitude without a sign byte (RFC 7518 §2 "Base64urlUInt"). */
    private static String unsigned(BigInteger value) {
        byte[] bytes = value.toByteArray();
        if (bytes.length > 1 && bytes[0] == 0) {
            bytes = Arrays.copyOfRange(bytes, 1, bytes.length);
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
