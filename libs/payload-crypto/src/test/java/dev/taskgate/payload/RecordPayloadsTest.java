package dev.taskgate.payload;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RecordPayloadsTest {

    private static final String KEY_A = "key-a:" + Base64.getEncoder().encodeToString(filled(0x11));
    private static final String KEY_B = "key-b:" + Base64.getEncoder().encodeToString(filled(0x22));
    private static final String EXECUTION = "6f1c2c1e-0000-4000-8000-000000000001";
    private static final String OTHER_EXECUTION = "6f1c2c1e-0000-4000-8000-000000000002";
    private static final String SECRET = "zebra-quartz-4711";
    // numbers exactly as written, so 0.10 and 0.1 differ
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    /** One record of each type with payload members, every member holding {@link #SECRET}. */
    private static final Map<RecordPayloadMember, String> RECORDS = new java.util.EnumMap<>(Map.ofEntries(
            Map.entry(
                    RecordPayloadMember.SUBMIT_INPUT,
                    "{\"type\":\"SubmitExecution\",\"messageId\":\"" + OTHER_EXECUTION
                            + "\",\"toolName\":\"demo.echo\",\"input\":{\"text\":\"" + SECRET
                            + "\",\"n\":0.10,\"big\":12345678901234567890}}"),
            Map.entry(
                    RecordPayloadMember.PROVIDE_INPUT_RESPONSES,
                    "{\"type\":\"ProvideInput\",\"executionId\":\"" + EXECUTION
                            + "\",\"responses\":{\"r1\":{\"action\":\"accept\",\"content\":{\"x\":\"" + SECRET
                            + "\"}},\"r2\":{\"action\":\"decline\"}}}"),
            Map.entry(
                    RecordPayloadMember.RUN_INPUT,
                    "{\"type\":\"RunOperation\",\"executionId\":\"" + EXECUTION + "\",\"input\":{\"text\":\"" + SECRET
                            + "\"},\"journal\":{\"planHash\":\"sha256:00\",\"planSummary\":\"" + SECRET
                            + "\",\"files\":[]},\"checkpoint\":{\"sequence\":1,\"revision\":\"r\",\"frontier\":\"{\\\"at\\\":\\\""
                            + SECRET + "\\\"}\",\"mac\":\"hmac-sha256:00\"}}"),
            Map.entry(
                    RecordPayloadMember.INPUT_PROVIDED_RESPONSE,
                    "{\"type\":\"InputProvided\",\"executionId\":\"" + EXECUTION
                            + "\",\"requestKey\":\"k1\",\"response\":{\"action\":\"accept\",\"content\":{\"x\":\""
                            + SECRET + "\"}}}"),
            Map.entry(
                    RecordPayloadMember.FINISHED_RESULT,
                    "{\"type\":\"Finished\",\"executionId\":\"" + EXECUTION
                            + "\",\"epoch\":1,\"result\":\"{\\\"content\\\":[{\\\"type\\\":\\\"text\\\",\\\"text\\\":\\\""
                            + SECRET + " héllo 😀\\\"}],  \\\"n\\\": 2.50}\"}"),
            Map.entry(
                    RecordPayloadMember.STAGED_RESULT,
                    "{\"type\":\"ResultStaged\",\"executionId\":\"" + EXECUTION + "\",\"result\":\"" + SECRET + "\"}"),
            Map.entry(
                    RecordPayloadMember.INPUT_REQUESTS,
                    "{\"type\":\"InputRequested\",\"executionId\":\"" + EXECUTION
                            + "\",\"requests\":{\"k1\":{\"method\":\"elicitation/create\",\"params\":{\"message\":\""
                            + SECRET + "\"}}}}"),
            Map.entry(
                    RecordPayloadMember.CHECKPOINT_FRONTIER,
                    "{\"type\":\"CheckpointSaved\",\"executionId\":\"" + EXECUTION + "\",\"frontier\":\"[\\\"" + SECRET
                            + "\\\"]\"}"),
            Map.entry(
                    RecordPayloadMember.COMMIT_PLAN,
                    "{\"type\":\"CommitRequested\",\"executionId\":\"" + EXECUTION
                            + "\",\"plan\":{\"planHash\":\"sha256:00\",\"planSummary\":\"" + SECRET
                            + "\",\"files\":[]}}"),
            Map.entry(
                    RecordPayloadMember.ARTIFACT_CONTENT,
                    "{\"type\":\"ArtifactSaved\",\"executionId\":\"" + EXECUTION + "\",\"contentBase64\":\""
                            + Base64.getEncoder().encodeToString(SECRET.getBytes(StandardCharsets.UTF_8))
                            + "\"}"),
            Map.entry(
                    RecordPayloadMember.ACCEPTED_INPUT_REQUESTS,
                    "{\"type\":\"Accepted\",\"executionId\":\"" + EXECUTION
                            + "\",\"execution\":{\"status\":\"input_required\",\"inputRequests\":{\"ir_1\":"
                            + "{\"method\":\"elicitation/create\",\"params\":{\"message\":\"" + SECRET
                            + "\"}}}}}"),
            Map.entry(
                    RecordPayloadMember.LIFECYCLE_OUTCOME,
                    "{\"type\":\"ExecutionChanged\",\"executionId\":\"" + EXECUTION
                            + "\",\"state\":\"completed\",\"outcome\":{\"execution\":{\"status\":\"completed\"},"
                            + "\"result\":\"{\\\"content\\\":[{\\\"type\\\":\\\"text\\\",\\\"text\\\":\\\"" + SECRET
                            + "\\\"}]}\"}}")));

    static {
        RECORDS.put(RecordPayloadMember.RUN_JOURNAL, RECORDS.get(RecordPayloadMember.RUN_INPUT));
        RECORDS.put(RecordPayloadMember.RUN_CHECKPOINT_FRONTIER, RECORDS.get(RecordPayloadMember.RUN_INPUT));
    }

    private static byte[] filled(int value) {
        byte[] key = new byte[32];
        Arrays.fill(key, (byte) value);
        return key;
    }

    private static RecordPayloads payloads(String... entries) {
        return new RecordPayloads(new PayloadCipher(
                PayloadKeyRing.parse(PayloadKeyRing.CONFIG_KEY, List.of(entries)), new SecureRandom()));
    }

    private static byte[] bytes(String json) {
        return json.getBytes(StandardCharsets.UTF_8);
    }

    private static ObjectNode tree(byte[] json) throws Exception {
        return (ObjectNode) JSON.readTree(json);
    }

    @ParameterizedTest
    @EnumSource(RecordPayloadMember.class)
    void sealsEveryPayloadMemberAndOpensItToTheSameJson(RecordPayloadMember member) throws Exception {
        RecordPayloads payloads = payloads(KEY_A);
        byte[] record = bytes(RECORDS.get(member));

        byte[] sealed = payloads.seal(record);
        String sealedText = new String(sealed, StandardCharsets.UTF_8);

        assertThat(sealedText).doesNotContain(SECRET).doesNotContain("emVicmEtcXVhcnR6LTQ3MTE"); // nor its base64
        JsonNode value = tree(sealed).at("/" + String.join("/", member.path()));
        if (member == RecordPayloadMember.PROVIDE_INPUT_RESPONSES
                || member == RecordPayloadMember.INPUT_REQUESTS
                || member == RecordPayloadMember.ACCEPTED_INPUT_REQUESTS) {
            value.forEach(entry -> assertThat(PayloadEnvelope.isEnvelope(entry)).isTrue());
        } else {
            assertThat(PayloadEnvelope.isEnvelope(value)).as(value.toString()).isTrue();
            assertThat(value.get("kid").asText()).isEqualTo("key-a");
        }
        assertThat(tree(payloads.open(sealed))).isEqualTo(tree(record));
    }

    @Test
    void aResultTextComesBackExactlyAsWritten() throws Exception {
        RecordPayloads payloads = payloads(KEY_A);
        byte[] record = bytes(RECORDS.get(RecordPayloadMember.FINISHED_RESULT));

        String result = tree(payloads.open(payloads.seal(record))).get("result").textValue();

        assertThat(result).isEqualTo(tree(record).get("result").textValue()).contains("  \"n\": 2.50");
    }

    @Test
    void aReplyWithoutInputRequestsKeepsItsSnapshotAsItIs() throws Exception {
        byte[] reply = bytes("{\"type\":\"Accepted\",\"executionId\":\"" + EXECUTION
                + "\",\"execution\":{\"status\":\"working\",\"toolName\":\"demo.echo\"}}");

        assertThat(tree(payloads(KEY_A).seal(reply))).isEqualTo(tree(reply));
    }

    @Test
    void aRecordWithoutPayloadMembersPassesUnchanged() {
        byte[] stop = bytes("{\"type\":\"StopRequested\",\"executionId\":\"" + EXECUTION + "\",\"epoch\":2}");

        assertThat(payloads(KEY_A).seal(stop)).isSameAs(stop);
        assertThat(payloads(KEY_A).open(stop)).isSameAs(stop);
    }

    @Test
    void aChangedCiphertextIsRefused() throws Exception {
        RecordPayloads payloads = payloads(KEY_A);
        ObjectNode sealed = tree(payloads.seal(bytes(RECORDS.get(RecordPayloadMember.FINISHED_RESULT))));
        ObjectNode envelope = (ObjectNode) sealed.get("result");
        byte[] ciphertext =
                Base64.getUrlDecoder().decode(envelope.get("ciphertext").asText());
        ciphertext[0] ^= 1;
        envelope.put("ciphertext", Base64.getUrlEncoder().withoutPadding().encodeToString(ciphertext));

        assertThatThrownBy(() -> payloads.open(JSON.writeValueAsBytes(sealed)))
                .isInstanceOf(PayloadUnreadableException.class)
                .hasMessageContaining("Finished.result")
                .hasMessageContaining("authentication failed")
                .hasMessageNotContaining(SECRET);
    }

    @Test
    void aChangedKeyIdOrNonceIsRefused() throws Exception {
        RecordPayloads payloads = payloads(KEY_A, "key-c:" + Base64.getEncoder().encodeToString(filled(0x11)));
        ObjectNode sealed = tree(payloads.seal(bytes(RECORDS.get(RecordPayloadMember.RUN_INPUT))));
        ObjectNode otherKid = sealed.deepCopy();
        ((ObjectNode) otherKid.get("input")).put("kid", "key-c"); // the same key material under another id
        ObjectNode otherNonce = sealed.deepCopy();
        ((ObjectNode) otherNonce.get("input")).put("nonce", "AAAAAAAAAAAAAAAA");

        assertThatThrownBy(() -> payloads.open(JSON.writeValueAsBytes(otherKid)))
                .isInstanceOf(PayloadUnreadableException.class);
        assertThatThrownBy(() -> payloads.open(JSON.writeValueAsBytes(otherNonce)))
                .isInstanceOf(PayloadUnreadableException.class);
    }

    @Test
    void oneMemberOfAParsedRecordOpensAsTheWholeRecordWouldAndOnlyForItsOwnExecution() throws Exception {
        RecordPayloads payloads = payloads(KEY_A);
        byte[] record = bytes(RECORDS.get(RecordPayloadMember.LIFECYCLE_OUTCOME));
        JsonNode sealedOutcome = tree(payloads.seal(record)).get("outcome");

        JsonNode opened = payloads.openMember(
                RecordPayloadMember.LIFECYCLE_OUTCOME, UUID.fromString(EXECUTION), null, sealedOutcome);

        assertThat(opened).isEqualTo(tree(record).get("outcome"));
        assertThatThrownBy(() -> payloads.openMember(
                        RecordPayloadMember.LIFECYCLE_OUTCOME, UUID.fromString(OTHER_EXECUTION), null, sealedOutcome))
                .isInstanceOf(PayloadUnreadableException.class)
                .hasMessageContaining("authentication failed");
        assertThatThrownBy(() -> payloads.openMember(
                        RecordPayloadMember.RUN_INPUT, UUID.fromString(EXECUTION), null, sealedOutcome))
                .as("sealed as another member")
                .isInstanceOf(PayloadUnreadableException.class);
        assertThatThrownBy(() -> payloads.openMember(
                        RecordPayloadMember.INPUT_REQUESTS, UUID.fromString(EXECUTION), null, sealedOutcome))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aValueMovedToAnotherExecutionIsRefused() throws Exception {
        RecordPayloads payloads = payloads(KEY_A);
        ObjectNode sealed = tree(payloads.seal(bytes(RECORDS.get(RecordPayloadMember.RUN_INPUT))));
        sealed.put("executionId", OTHER_EXECUTION);

        assertThatThrownBy(() -> payloads.open(JSON.writeValueAsBytes(sealed)))
                .isInstanceOf(PayloadUnreadableException.class)
                .hasMessageContaining(OTHER_EXECUTION)
                .hasMessageContaining("authentication failed");
    }

    @Test
    void aValueMovedToAnotherMemberOrRecordTypeIsRefused() throws Exception {
        RecordPayloads payloads = payloads(KEY_A);
        ObjectNode staged = tree(payloads.seal(bytes(RECORDS.get(RecordPayloadMember.STAGED_RESULT))));
        ObjectNode finished = tree(payloads.seal(bytes(RECORDS.get(RecordPayloadMember.FINISHED_RESULT))));
        finished.set("result", staged.get("result")); // the same execution, another record's result

        ObjectNode run = tree(payloads.seal(bytes(RECORDS.get(RecordPayloadMember.RUN_INPUT))));
        run.set("input", run.get("journal")); // the same record, another member

        assertThatThrownBy(() -> payloads.open(JSON.writeValueAsBytes(finished)))
                .isInstanceOf(PayloadUnreadableException.class);
        assertThatThrownBy(() -> payloads.open(JSON.writeValueAsBytes(run)))
                .isInstanceOf(PayloadUnreadableException.class)
                .hasMessageContaining("RunOperation.input");
    }

    @Test
    void aResponseMovedToAnotherRequestKeyIsRefused() throws Exception {
        RecordPayloads payloads = payloads(KEY_A);
        ObjectNode entries = tree(payloads.seal(bytes(RECORDS.get(RecordPayloadMember.PROVIDE_INPUT_RESPONSES))));
        ObjectNode responses = (ObjectNode) entries.get("responses");
        JsonNode first = responses.get("r1");
        responses.set("r1", responses.get("r2"));
        responses.set("r2", first);

        ObjectNode provided = tree(payloads.seal(bytes(RECORDS.get(RecordPayloadMember.INPUT_PROVIDED_RESPONSE))));
        provided.put("requestKey", "k2");

        assertThatThrownBy(() -> payloads.open(JSON.writeValueAsBytes(entries)))
                .isInstanceOf(PayloadUnreadableException.class);
        assertThatThrownBy(() -> payloads.open(JSON.writeValueAsBytes(provided)))
                .isInstanceOf(PayloadUnreadableException.class);
    }

    @Test
    void anUnknownKeyIdIsRefusedNamingIt() {
        byte[] sealed = payloads(KEY_B).seal(bytes(RECORDS.get(RecordPayloadMember.FINISHED_RESULT)));

        assertThatThrownBy(() -> payloads(KEY_A).open(sealed))
                .isInstanceOfSatisfying(
                        PayloadUnreadableException.class,
                        e -> assertThat(e.keyId()).isEqualTo("key-b"))
                .hasMessageContaining("key id 'key-b'")
                .hasMessageContaining(PayloadKeyRing.CONFIG_KEY);
    }

    @Test
    void aPlaintextOrMalformedMemberIsRefused() {
        RecordPayloads payloads = payloads(KEY_A);

        assertThatThrownBy(() -> payloads.open(bytes(RECORDS.get(RecordPayloadMember.FINISHED_RESULT))))
                .isInstanceOf(PayloadUnreadableException.class)
                .hasMessageContaining("not a sealed envelope");
        assertThatThrownBy(() -> payloads.open(bytes(RECORDS.get(RecordPayloadMember.RUN_INPUT))))
                .isInstanceOf(PayloadUnreadableException.class);
        assertThatThrownBy(() -> payloads.open(bytes("{\"type\":\"Finished\",\"executionId\":\"" + EXECUTION
                        + "\",\"result\":{\"kid\":\"key-a\",\"nonce\":\"AAAA\",\"ciphertext\":\"AAAA\"}}")))
                .isInstanceOf(PayloadUnreadableException.class)
                .hasMessageContaining("nonce");
        assertThatThrownBy(() -> payloads.open(bytes("{\"type\":\"Finished\",\"result\":\"x\"}")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("executionId");
        assertThatThrownBy(() -> payloads.open(bytes("not json"))).isInstanceOf(IllegalArgumentException.class);
        byte[] untyped = bytes("{\"executionId\":\"" + EXECUTION + "\",\"result\":\"" + SECRET + "\"}");
        assertThatThrownBy(() -> payloads.seal(untyped)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> payloads.open(untyped)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void afterARotationValuesUnderTheOldKeyStillOpen() throws Exception {
        byte[] underA = payloads(KEY_A).seal(bytes(RECORDS.get(RecordPayloadMember.SUBMIT_INPUT)));
        RecordPayloads rotated = payloads(KEY_B, KEY_A);

        byte[] underB = rotated.seal(bytes(RECORDS.get(RecordPayloadMember.SUBMIT_INPUT)));

        assertThat(tree(underB).at("/input/kid").asText()).isEqualTo("key-b");
        assertThat(rotated.open(underA)).isEqualTo(rotated.open(underB));
        assertThat(tree(rotated.open(underA)).at("/input/n").decimalValue())
                .isEqualTo(new java.math.BigDecimal("0.10"));
        assertThat(tree(rotated.open(underA)).at("/input/text").asText()).isEqualTo(SECRET);
    }
}
