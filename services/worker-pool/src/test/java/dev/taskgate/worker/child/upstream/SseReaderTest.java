package dev.taskgate.worker.child.upstream;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SseReaderTest {

    private static SseReader reader(String stream) {
        return new SseReader(new ByteArrayInputStream(stream.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void joinsDataLinesAndReadsEventAndId() throws Exception {
        SseReader reader = reader(": a comment\n"
                + "id: 7\n"
                + "event: message\n"
                + "data: {\"a\":\n"
                + "data:1}\n"
                + "\n"
                + "data: second\r\n"
                + "\r\n");

        assertThat(reader.next()).contains(new SseReader.Event("message", "{\"a\":\n1}", "7"));
        assertThat(reader.next()).contains(new SseReader.Event("message", "second", null));
        assertThat(reader.next()).isEmpty();
    }

    @Test
    void skipsEventsWithoutDataAndDropsAnUnfinishedOne() throws Exception {
        SseReader reader = reader("id: priming\nretry: 1000\n\nevent: custom\ndata: x\n\ndata: cut off");

        // the last event id carries over to later events, as in the HTML standard
        assertThat(reader.next()).contains(new SseReader.Event("custom", "x", "priming"));
        assertThat(reader.next()).isEmpty();
    }
}
