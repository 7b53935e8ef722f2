package dev.taskgate.serviceauth;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import javax.crypto.SecretKey;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every reason a record signature is refused, and the records it proves. */
class RecordVerifierTest {
    private static final String COMMANDS = "jc-test.taskgate.commands.v1";
    private static final String EVENTS = "jc-test.taskgate.worker-events.v1";
    private static final byte[] VALUE = "{\"type\":\"Finished\"}".getBytes(StandardCharsets.UTF_8);

    private final byte[] frontendKey = AssertionVerifierTest.generate();
    private final byte[] workerKey = AssertionVerifierTest.generate();
    private final RecordSigner frontend =
            new RecordSigner("mcp-frontend", ServiceKeys.signingKey("fe-1:" + b64(frontendKey)));
    private final RecordSigner worker =
            new RecordSigner("worker-pool", ServiceKeys.signingKey("wp-1:" + b64(workerKey)));
    private final Map<String, Map<String, SecretKey>> trusted =
            ServiceKeys.trustedKeys("mcp-frontend:fe-1:" + b64(frontendKey) + ",worker-pool:wp-1:" + b64(workerKey));
    private final RecordVerifier verifier = new RecordVerifier(trusted);

    @Test
    void aRecordSignedByTheTopicsProducerVerifies() {
        String header = worker.sign(EVENTS, "exec-1", VALUE);

        assertThat(header).startsWith("v1:worker-pool:wp-1:");
        assertThatCode(() -> verifier.verify(header, "worker-pool", EVENTS, "exec-1", VALUE))
                .doesNotThrowAnyException();
    }

    @Test
    void recordsWithoutKeyOrValueVerifyAndAreNotTheEmptyOnes() {
        String noKey = worker.sign(EVENTS, null, VALUE);
        String noValue = worker.sign(EVENTS, "exec-1", null);

        assertThatCode(() -> verifier.verify(noKey, "worker-pool", EVENTS, null, VALUE))
                .doesNotThrowAnyException();
        assertThatCode(() -> verifier.verify(noValue, "worker-pool", EVENTS, "exec-1", null))
                .doesNotThrowAnyException();
        assertRefused(noKey, "worker-pool", EVENTS, "", VALUE, "does not verify");
        assertRefused(noValue, "worker-pool", EVENTS, "exec-1", new byte[0], "does not verify");
    }

    @Test
    void aMissingSignatureIsRefused() {
        assertRefused(null, "worker-pool", EVENTS, "exec-1", VALUE, "no taskgate-signature header");
        assertRefused("", "worker-pool", EVENTS, "exec-1", VALUE, "no taskgate-signature header");
    }

    @Test
    void aMalformedSignatureIsRefused() {
        String good = worker.sign(EVENTS, "exec-1", VALUE);
        assertRefused("garbage", "worker-pool", EVENTS, "exec-1", VALUE, "not v1:<issuer>:<keyId>:<mac>");
        assertRefused(good + ":extra", "worker-pool", EVENTS, "exec-1", VALUE, "not v1:");
        assertRefused("v1:worker-pool::abc", "worker-pool", EVENTS, "exec-1", VALUE, "not v1:");
        assertRefused("v2" + good.substring(2), "worker-pool", EVENTS, "exec-1", VALUE, "unsupported");
        assertRefused(
                "v1:worker-pool:wp-1:not*base64", "worker-pool", EVENTS, "exec-1", VALUE, "not canonical base64url");
        assertRefused("v1:worker-pool:wp-1:" + "A".repeat(2000), "worker-pool", EVENTS, "exec-1", VALUE, "longer");
    }

    @Test
    void anUnknownIssuerOrKeyIsRefused() {
        RecordSigner stranger = new RecordSigner(
                "worker-pool", ServiceKeys.signingKey("wp-2:" + b64(AssertionVerifierTest.generate())));
        RecordSigner unknownService = new RecordSigner("intruder", ServiceKeys.signingKey("wp-1:" + b64(workerKey)));

        assertRefused(
                stranger.sign(EVENTS, "exec-1", VALUE),
                "worker-pool",
                EVENTS,
                "exec-1",
                VALUE,
                "unknown signer worker-pool key wp-2");
        RecordVerifier trustsIntruder = new RecordVerifier(Map.of());
        assertThatThrownBy(() -> trustsIntruder.verify(
                        unknownService.sign(EVENTS, "exec-1", VALUE), "intruder", EVENTS, "exec-1", VALUE))
                .isInstanceOf(InvalidRecordSignatureException.class)
                .hasMessageContaining("unknown signer intruder");
    }

    @Test
    void aKnownKeyUnderAnotherIdIsRefused() {
        // worker-pool's real key, claimed under the frontend's key id: the MAC is over the claimed key id
        RecordSigner swapped = new RecordSigner("worker-pool", ServiceKeys.signingKey("fe-1:" + b64(workerKey)));
        assertRefused(swapped.sign(EVENTS, "exec-1", VALUE), "worker-pool", EVENTS, "exec-1", VALUE, "unknown signer");
    }

    @Test
    void aTrustedServiceSigningForAnotherServicesTopicIsRefused() {
        // a frontend's correctly signed Finished is still not a worker's
        assertRefused(
                frontend.sign(EVENTS, "exec-1", VALUE),
                "worker-pool",
                EVENTS,
                "exec-1",
                VALUE,
                "signed by mcp-frontend; this topic takes records of worker-pool only");
    }

    @Test
    void aSignatureHoldsForItsOwnTopicOnly() {
        String header = frontend.sign(COMMANDS, "exec-1", VALUE);
        assertRefused(header, "mcp-frontend", "taskgate.commands.v1", "exec-1", VALUE, "does not verify");
        assertRefused(header, "mcp-frontend", "other.taskgate.commands.v1", "exec-1", VALUE, "does not verify");
    }

    @Test
    void aSignatureHoldsForItsOwnKeyOnly() {
        String header = worker.sign(EVENTS, "exec-1", VALUE);
        assertRefused(header, "worker-pool", EVENTS, "exec-2", VALUE, "does not verify");
        assertRefused(header, "worker-pool", EVENTS, null, VALUE, "does not verify");
    }

    @Test
    void aChangedValueIsRefused() {
        String header = worker.sign(EVENTS, "exec-1", VALUE);
        byte[] changed = VALUE.clone();
        changed[changed.length - 2] = 'X';
        assertRefused(header, "worker-pool", EVENTS, "exec-1", changed, "does not verify");
        assertRefused(header, "worker-pool", EVENTS, "exec-1", null, "does not verify");
    }

    @Test
    void aChangedMacIsRefused() {
        String header = worker.sign(EVENTS, "exec-1", VALUE);
        // a character in the middle: every bit of it is significant (the last one carries two unused bits)
        int at = header.length() - 10;
        String flipped = header.substring(0, at) + (header.charAt(at) == 'A' ? 'B' : 'A') + header.substring(at + 1);
        assertRefused(flipped, "worker-pool", EVENTS, "exec-1", VALUE, "does not verify");
    }

    @Test
    void aMacWithOtherUnusedBitsIsRefused() {
        // 32 MAC bytes are 43 base64url characters whose last two bits are unused; a decoder alone ignores them
        String header = worker.sign(EVENTS, "exec-1", VALUE);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        int last = alphabet.indexOf(header.charAt(header.length() - 1));
        String sameMac = header.substring(0, header.length() - 1) + alphabet.charAt(last ^ 1);
        assertRefused(sameMac, "worker-pool", EVENTS, "exec-1", VALUE, "not canonical");
    }

    @Test
    void fieldsCannotBeShiftedIntoEachOther() {
        // the same concatenation of topic and key, split differently
        String header = worker.sign("ab", "c", VALUE);
        assertRefused(header, "worker-pool", "a", "bc", VALUE, "does not verify");
    }

    @Test
    void issuersAndKeyIdsWithTheSeparatorCannotSign() {
        assertThatThrownBy(() -> new RecordSigner("a:b", ServiceKeys.signingKey("k:" + b64(workerKey))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private void assertRefused(String header, String issuer, String topic, String key, byte[] value, String reason) {
        assertThatThrownBy(() -> verifier.verify(header, issuer, topic, key, value))
                .isInstanceOf(InvalidRecordSignatureException.class)
                .hasMessageContaining(reason);
    }

    private static String b64(byte[] key) {
        return Base64.getEncoder().encodeToString(key);
    }
}
