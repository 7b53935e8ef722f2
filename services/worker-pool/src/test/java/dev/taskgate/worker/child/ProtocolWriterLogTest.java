package dev.taskgate.worker.child;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.TextNode;

import dev.taskgate.worker.pool.ChildMessage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The child's {@code log} line: what the parent parses back, and the bounds that keep a line small. */
class ProtocolWriterLogTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ProtocolWriter writer = new ProtocolWriter(out);

    @Test
    void aLogLineParsesBackWithItsLevelLoggerAndData() {
        writer.log(OperationLogLevel.NOTICE, "scan", TextNode.valueOf("3 files"));

        ChildMessage parsed =
                ChildMessage.parse(out.toString(StandardCharsets.UTF_8).trim()).orElseThrow();
        assertThat(parsed.kind()).isEqualTo(ChildMessage.Kind.LOG);
        assertThat(parsed.log().path("level").asText()).isEqualTo("notice");
        assertThat(parsed.log().path("logger").asText()).isEqualTo("scan");
        assertThat(parsed.log().path("data").asText()).isEqualTo("3 files");
    }

    @Test
    void anOversizedMessageOrLoggerIsRefusedAndNothingIsWritten() {
        String big = "x".repeat(ProtocolWriter.MAX_LOG_BYTES);

        assertThatThrownBy(() -> writer.log(OperationLogLevel.INFO, null, TextNode.valueOf(big)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> writer.log(
                        OperationLogLevel.INFO,
                        "l".repeat(ProtocolWriter.MAX_LOGGER_LENGTH + 1),
                        TextNode.valueOf("x")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> writer.log(null, null, TextNode.valueOf("x")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(out.size()).isZero();
    }
}
