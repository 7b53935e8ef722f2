package dev.taskgate.frontend.mcp.rounds;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The signed {@code requestState}: round trip, and every way a presented state must be refused. */
class RequestStateCodecTest {
    private static final String HANDLES_KEY =
            Base64.getEncoder().encodeToString("0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII));
    private static final Instant NOW = Instant.parse("2026-07-28T10:00:00Z");
    private static final RequestState.Binding ALICE = new RequestState.Binding(
            "https://issuer alice",
            "org/proj",
            "test_input_required_result_multi_round@1",
            ArgumentsDigest.of(JsonNodeFactory.instance.objectNode()));

    private final RequestStateCodec codec = RequestStateCodec.derivedFrom(HANDLES_KEY);

    private static RequestState state(RequestState.Binding binding) {
        ObjectNode answers = JsonNodeFactory.instance.objectNode();
        answers.putObject("step1").put("action", "accept").putObject("content").put("name", "Alice");
        return new RequestState(binding, 1, NOW.plusSeconds(600).toEpochMilli(), answers);
    }

    @Test
    void decodesWhatItEncodedForTheSameRequest() {
        RequestState state = state(ALICE);

        RequestState decoded = codec.decode(codec.encode(state), ALICE, NOW);

        assertThat(decoded).isEqualTo(state);
        assertThat(decoded.answers().at("/step1/content/name").asText()).isEqualTo("Alice");
    }

    @Test
    void refusesATamperedPayload() {
        String token = codec.encode(state(ALICE));
        String[] parts = token.split("\\.");
        ObjectNode payload = (ObjectNode) read(parts[1]);
        payload.put("r", 2);
        String forged = parts[0] + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(Wire.toBytes(payload))
                + "." + parts[2];

        assertThatThrownBy(() -> codec.decode(forged, ALICE, NOW))
                .isInstanceOf(InvalidRequestStateException.class)
                .hasMessageContaining("integrity");
    }

    @Test
    void refusesAnAppendedSuffixAndGarbage() {
        String token = codec.encode(state(ALICE));

        assertThatThrownBy(() -> codec.decode(token + "-TAMPERED", ALICE, NOW))
                .isInstanceOf(InvalidRequestStateException.class);
        assertThatThrownBy(() -> codec.decode("not-a-state", ALICE, NOW))
                .isInstanceOf(InvalidRequestStateException.class);
        assertThatThrownBy(() -> codec.decode("v1.%%%.%%%", ALICE, NOW))
                .isInstanceOf(InvalidRequestStateException.class);
        assertThatThrownBy(() -> codec.decode("", ALICE, NOW)).isInstanceOf(InvalidRequestStateException.class);
    }

    @Test
    void refusesAMacWithOtherUnusedBits() {
        String token = codec.encode(state(ALICE));
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        int last = alphabet.indexOf(token.charAt(token.length() - 1));
        String sameMac = token.substring(0, token.length() - 1) + alphabet.charAt(last ^ 1);

        assertThatThrownBy(() -> codec.decode(sameMac, ALICE, NOW))
                .isInstanceOf(InvalidRequestStateException.class)
                .hasMessageContaining("not one this server issued");
    }

    @Test
    void refusesAStateSignedWithAnotherKey() {
        RequestStateCodec other = RequestStateCodec.derivedFrom(Base64.getEncoder()
                .encodeToString("another key that is 32 bytes lon".getBytes(StandardCharsets.US_ASCII)));

        assertThatThrownBy(() -> codec.decode(other.encode(state(ALICE)), ALICE, NOW))
                .isInstanceOf(InvalidRequestStateException.class)
                .hasMessageContaining("integrity");
    }

    @Test
    void refusesAnExpiredState() {
        RequestState state = state(ALICE);
        String token = codec.encode(state);

        assertThatThrownBy(() -> codec.decode(token, ALICE, Instant.ofEpochMilli(state.expiresAt())))
                .isInstanceOf(InvalidRequestStateException.class)
                .hasMessageContaining("expired");
    }

    @Test
    void refusesAStateOfAnotherPrincipalWorkspaceToolOrArguments() {
        String token = codec.encode(state(ALICE));
        ObjectNode otherArguments = JsonNodeFactory.instance.objectNode().put("name", "Mallory");

        for (RequestState.Binding foreign : new RequestState.Binding[] {
            new RequestState.Binding(
                    "https://issuer mallory", ALICE.workspace(), ALICE.tool(), ALICE.argumentsDigest()),
            new RequestState.Binding(ALICE.principal(), "org/other", ALICE.tool(), ALICE.argumentsDigest()),
            new RequestState.Binding(
                    ALICE.principal(), ALICE.workspace(), "test_tool_with_task@1", ALICE.argumentsDigest()),
            new RequestState.Binding(
                    ALICE.principal(), ALICE.workspace(), ALICE.tool(), ArgumentsDigest.of(otherArguments))
        }) {
            assertThatThrownBy(() -> codec.decode(token, foreign, NOW))
                    .as(foreign.toString())
                    .isInstanceOf(InvalidRequestStateException.class)
                    .hasMessageContaining("another request");
        }
    }

    @Test
    void theArgumentsDigestIgnoresMemberOrderButNotValues() {
        ObjectNode ab = JsonNodeFactory.instance.objectNode().put("a", 1).put("b", "x");
        ab.putObject("c").put("y", true).put("x", false);
        ObjectNode ba = JsonNodeFactory.instance.objectNode();
        ba.putObject("c").put("x", false).put("y", true);
        ba.put("b", "x").put("a", 1);

        assertThat(ArgumentsDigest.of(ab)).isEqualTo(ArgumentsDigest.of(ba));
        assertThat(ArgumentsDigest.of(ab))
                .isNotEqualTo(ArgumentsDigest.of(ab.deepCopy().put("a", 2)));
    }

    @Test
    void needsAKeyOfAtLeast32Bytes() {
        assertThatThrownBy(() -> new RequestStateCodec(new byte[31])).isInstanceOf(IllegalArgumentException.class);
    }

    private static com.fasterxml.jackson.databind.JsonNode read(String base64) {
        try {
            return Wire.mapper().readTree(Base64.getUrlDecoder().decode(base64));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
