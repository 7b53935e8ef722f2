package dev.taskgate.serviceauth;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AssertionVerifierTest {
    private static final Instant NOW = Instant.parse("2026-12-02T12:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final String TARGET = "/internal/v1/executions?limit=5";

    private final byte[] frontend = generate();
    private final byte[] worker = generate();
    private final AssertionSigner signer = signer("mcp-frontend", "fe-1", frontend, CLOCK);
    private final AssertionVerifier verifier = new AssertionVerifier(
            "job-control",
            Map.of(
                    "mcp-frontend", Map.of("fe-1", new SecretKeySpec(frontend, "HmacSHA256")),
                    "worker-pool", Map.of("wp-1", new SecretKeySpec(worker, "HmacSHA256"))),
            CLOCK,
            Duration.ofSeconds(30));

    @Test
    void identitiesArriveByteExactWhateverTheyHold() throws Exception {
        String principal = "https://issuer.example rv\u4e3fuser";
        byte[] body = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);
        String header = signer.sign("PUT", TARGET, body, principal, "org-\u00e9/proj", "/v1/orgs/x");

        CallerAssertion verified = verifier.verify(header, "PUT", TARGET, body);

        assertThat(verified.principal()).isEqualTo(principal);
        assertThat(verified.workspace()).isEqualTo("org-\u00e9/proj");
        assertThat(verified.route()).isEqualTo("/v1/orgs/x");
        assertThat(verified.issuer()).isEqualTo("mcp-frontend");
        assertThat(header).matches("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");
    }

    @Test
    void aServiceCallWithoutACallerVerifies() throws Exception {
        String header = signer("worker-pool", "wp-1", worker, CLOCK).sign("GET", TARGET, null, null, "acme/demo", null);

        CallerAssertion verified = verifier.verify(header, "GET", TARGET, new byte[0]);

        assertThat(verified.principal()).isNull();
        assertThat(verified.issuer()).isEqualTo("worker-pool");
    }

    @Test
    void aMissingMalformedOrOversizedHeaderIsRefused() {
        refused(null, "no Taskgate-Caller");
        refused("", "no Taskgate-Caller");
        refused("no-dot", "not <claims>.<signature>");
        refused("a.b.c", "not <claims>.<signature>");
        refused("!!!.abc", "not base64url JSON");
        refused(b64("[1]") + ".abc", "not a JSON object");
        refused("x".repeat(AssertionVerifier.MAX_LENGTH + 1), "longer than");
    }

    @Test
    void anUnknownSignerOrKeyIsRefused() {
        refused(signer("mcp-frontend", "fe-2", frontend, CLOCK).sign("GET", TARGET, null, "p", "w", null), "unknown");
        refused(signer("intruder", "fe-1", frontend, CLOCK).sign("GET", TARGET, null, "p", "w", null), "unknown");
    }

    @Test
    void aForgedOrTamperedAssertionIsRefused() {
        byte[] attacker = generate();
        String forged = signer("mcp-frontend", "fe-1", attacker, CLOCK).sign("GET", TARGET, null, "p", "w", null);
        String genuine = signer.sign("GET", TARGET, null, "alice", "w", null);
        String otherClaims = signer.sign("GET", TARGET, null, "mallory", "w", null);
        String swapped = otherClaims.substring(0, otherClaims.indexOf('.')) + genuine.substring(genuine.indexOf('.'));

        refused(forged, "signature does not verify");
        refused(swapped, "signature does not verify");
        refused(genuine.substring(0, genuine.indexOf('.')) + ".%%%", "signature");
    }

    @Test
    void aSignatureWithOtherUnusedBitsIsRefused() {
        // the decoder ignores the two unused bits of the 43rd character; only the canonical string is the signature
        String genuine = signer.sign("GET", TARGET, null, "alice", "w", null);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        int last = alphabet.indexOf(genuine.charAt(genuine.length() - 1));
        refused(genuine.substring(0, genuine.length() - 1) + alphabet.charAt(last ^ 1), "not canonical");
    }

    @Test
    void anAssertionForAnotherRequestOrBodyIsRefused() {
        byte[] body = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);
        String header = signer.sign("PUT", TARGET, body, "p", "w", null);

        assertRefused(() -> verifier.verify(header, "POST", TARGET, body), "another request");
        assertRefused(() -> verifier.verify(header, "PUT", TARGET + "&limit=100", body), "another request");
        assertRefused(
                () -> verifier.verify(header, "PUT", TARGET, "{\"a\":2}".getBytes(StandardCharsets.UTF_8)),
                "another body");
        assertRefused(() -> verifier.verify(header, "PUT", TARGET, null), "another body");
    }

    @Test
    void theValidityWindowAndAudienceAreEnforced() {
        Clock early = Clock.fixed(NOW.minusSeconds(120), ZoneOffset.UTC);
        Clock late = Clock.fixed(NOW.plusSeconds(120), ZoneOffset.UTC);

        refused(signer("mcp-frontend", "fe-1", frontend, early).sign("GET", TARGET, null, "p", "w", null), "expired");
        refused(signer("mcp-frontend", "fe-1", frontend, late).sign("GET", TARGET, null, "p", "w", null), "future");
        refused(
                handMade("{\"iss\":\"mcp-frontend\",\"kid\":\"fe-1\",\"aud\":\"job-control\",\"iat\":"
                        + NOW.getEpochSecond() + ",\"exp\":"
                        + NOW.plusSeconds(3600).getEpochSecond()
                        + ",\"htm\":\"GET\",\"htu\":\"" + TARGET + "\"}"),
                "longer than");
        refused(
                new AssertionSigner(
                                "mcp-frontend",
                                "webhook-dispatcher",
                                ServiceKeys.signingKey("fe-1:" + frontendKey()),
                                CLOCK)
                        .sign("GET", TARGET, null, "p", "w", null),
                "meant for webhook-dispatcher");
    }

    @Test
    void claimsOfTheWrongTypeAreRefused() {
        refused(
                handMade("{\"iss\":\"mcp-frontend\",\"kid\":\"fe-1\",\"aud\":\"job-control\",\"iat\":\"now\","
                        + "\"exp\":1,\"htm\":\"GET\",\"htu\":\"/\"}"),
                "claim iat");
        refused(
                handMade("{\"iss\":\"mcp-frontend\",\"kid\":\"fe-1\",\"aud\":\"job-control\",\"iat\":1,\"exp\":2,"
                        + "\"htm\":\"GET\",\"htu\":\"/\",\"sub\":7}"),
                "claim sub");
        refused(
                handMade(
                        "{\"kid\":\"fe-1\",\"aud\":\"job-control\",\"iat\":1,\"exp\":2,\"htm\":\"GET\",\"htu\":\"/\"}"),
                "claim iss is missing");
    }

    private String frontendKey() {
        return Base64.getEncoder().encodeToString(frontend);
    }

    // Claims signed with the genuine key, to reach the checks after the signature.
    private String handMade(String claimsJson) {
        try {
            String claims = b64(claimsJson);
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(frontend, "HmacSHA256"));
            return claims + "."
                    + Base64.getUrlEncoder()
                            .withoutPadding()
                            .encodeToString(mac.doFinal(claims.getBytes(StandardCharsets.US_ASCII)));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private void refused(String header, String reason) {
        assertRefused(() -> verifier.verify(header, "GET", TARGET, null), reason);
    }

    private static void assertRefused(Verification verification, String reason) {
        assertThatThrownBy(verification::run)
                .isInstanceOf(InvalidAssertionException.class)
                .hasMessageContaining(reason);
    }

    private static AssertionSigner signer(String issuer, String keyId, byte[] key, Clock clock) {
        return new AssertionSigner(
                issuer,
                "job-control",
                ServiceKeys.signingKey(keyId + ":" + Base64.getEncoder().encodeToString(key)),
                clock);
    }

    private static String b64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] generate() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return key;
    }

    @FunctionalInterface
    private interface Verification {
        void run() throws Exception;
    }
}
