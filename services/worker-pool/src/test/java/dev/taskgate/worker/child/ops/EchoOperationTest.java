package dev.taskgate.worker.child.ops;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.worker.child.RecordingContext;

import static org.assertj.core.api.Assertions.assertThat;

class EchoOperationTest {
    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void returnsTheInputAsCompactTextAndAsStructuredContent() throws Exception {
        JsonNode input =
                mapper.readTree("{ \"b\": [1, 2.5, \"x\"],  \"a\": {\"nested\": true}, \"s\": \"line\\nbreak\" }");

        String result = new EchoOperation().run(input, new RecordingContext());

        assertThat(result)
                .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":"
                        + "\"{\\\"b\\\":[1,2.5,\\\"x\\\"],\\\"a\\\":{\\\"nested\\\":true},\\\"s\\\":\\\"line\\\\nbreak\\\"}\"}],"
                        + "\"structuredContent\":{\"b\":[1,2.5,\"x\"],\"a\":{\"nested\":true},\"s\":\"line\\nbreak\"},"
                        + "\"isError\":false}");
    }

    @Test
    void echoesAnEmptyObject() throws Exception {
        String result = new EchoOperation().run(mapper.createObjectNode(), new RecordingContext());

        assertThat(result)
                .isEqualTo(
                        "{\"content\":[{\"type\":\"text\",\"text\":\"{}\"}],\"structuredContent\":{},\"isError\":false}");
    }
}
