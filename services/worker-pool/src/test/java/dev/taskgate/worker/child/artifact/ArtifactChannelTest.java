package dev.taskgate.worker.child.artifact;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.artifact.ArtifactRules;
import dev.taskgate.worker.child.ProtocolWriter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The child side of artifact requests, against a parent that answers every line it reads at once. */
class ArtifactChannelTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final List<JsonNode> sent = new ArrayList<>();
    private ArtifactChannel channel;

    /** A protocol stream whose every line is answered by {@code parent} (null: no answer). */
    private ArtifactChannel answeredBy(Function<JsonNode, ObjectNode> parent, Duration timeout) {
        OutputStream stream = new OutputStream() {
            private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();

            @Override
            public void write(int b) throws IOException {
                if (b != '\n') {
                    line.write(b);
                    return;
                }
                JsonNode message = MAPPER.readTree(line.toString(StandardCharsets.UTF_8));
                line.reset();
                sent.add(message);
                ObjectNode answer = parent.apply(message);
                if (answer != null) {
                    answer.put("requestId", message.get("requestId").asLong());
                    channel.answer(answer);
                }
            }
        };
        channel = new ArtifactChannel(new ProtocolWriter(stream), timeout);
        return channel;
    }

    @Test
    void savesThroughTheParentAndReturnsItsReference() {
        answeredBy(
                m -> {
                    ObjectNode answer = MAPPER.createObjectNode().put("type", "artifact-saved");
                    answer.putObject("artifact")
                            .put("id", "0123456789abcdef0123456789abcdef")
                            .put("name", m.get("name").asText())
                            .put("mediaType", m.get("mediaType").asText())
                            .put("sha256", "ab")
                            .put("size", 2)
                            .put("path", "/v1/orgs/acme/projects/demo/artifacts/0123456789abcdef0123456789abcdef");
                    return answer;
                },
                Duration.ofSeconds(5));

        ArtifactRef ref = channel.save(
                "r.txt", "text/plain", "hi".getBytes(StandardCharsets.UTF_8), Optional.of("report/latest"));

        // without a public base URL the parent sends no uri: it is the path
        assertThat(ref)
                .isEqualTo(new ArtifactRef(
                        "0123456789abcdef0123456789abcdef",
                        "r.txt",
                        "text/plain",
                        "ab",
                        2,
                        "/v1/orgs/acme/projects/demo/artifacts/0123456789abcdef0123456789abcdef"));
        assertThat(ref.uri()).isEqualTo(ref.path());
        assertThat(sent).singleElement().satisfies(line -> {
            assertThat(line.get("type").asText()).isEqualTo("artifact-save");
            assertThat(line.get("key").asText()).isEqualTo("report/latest");
            assertThat(Base64.getDecoder().decode(line.get("contentBase64").asText()))
                    .asString()
                    .isEqualTo("hi");
        });
    }

    @Test
    void refusesOversizedContentWithoutAskingTheParent() {
        answeredBy(m -> null, Duration.ofSeconds(5));

        assertThatThrownBy(() -> channel.save(
                        "big.bin",
                        "application/octet-stream",
                        new byte[ArtifactChannel.MAX_CONTENT_BYTES + 1],
                        Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at most 524288 bytes");
        assertThat(sent).isEmpty();
    }

    @Test
    void hasTheSameSizeLimitAsTheContracts() {
        assertThat(ArtifactChannel.MAX_CONTENT_BYTES).isEqualTo(ArtifactRules.MAX_CONTENT_BYTES);
    }

    @Test
    void turnsTheParentsRefusalsIntoExceptions() {
        answeredBy(
                m -> MAPPER.createObjectNode()
                        .put("type", "artifact-failed")
                        .put(
                                "code",
                                m.get("name").asText().equals("bad")
                                        ? ArtifactChannel.INVALID_ARGUMENT
                                        : "no_workspace")
                        .put("message", "refused: " + m.get("name").asText()),
                Duration.ofSeconds(5));

        assertThatThrownBy(() -> channel.save("bad", "text/plain", new byte[1], Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("refused: bad");
        assertThatThrownBy(() -> channel.save("ok.txt", "text/plain", new byte[1], Optional.empty()))
                .isInstanceOf(ArtifactException.class)
                .hasMessage("refused: ok.txt");
    }

    @Test
    void loadsContentOrNothing() {
        answeredBy(
                m -> {
                    ObjectNode answer = MAPPER.createObjectNode().put("type", "artifact-loaded");
                    if (m.get("key").asText().equals("present")) {
                        answer.put("contentBase64", Base64.getEncoder().encodeToString(new byte[] {1, 2, 3}));
                    }
                    return answer;
                },
                Duration.ofSeconds(5));

        assertThat(channel.load("present"))
                .hasValueSatisfying(c -> assertThat(c).containsExactly(1, 2, 3));
        assertThat(channel.load("absent")).isEmpty();
        assertThatThrownBy(() -> channel.load("")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void givesUpWhenTheParentNeverAnswers() {
        answeredBy(m -> null, Duration.ofMillis(200));

        assertThatThrownBy(() -> channel.load("k"))
                .isInstanceOf(ArtifactException.class)
                .hasMessageContaining("did not answer");
        assertThat(channel.answer(
                        MAPPER.createObjectNode().put("type", "artifact-loaded").put("requestId", 1)))
                .isFalse();
    }
}
