package dev.taskgate.worker.child.ops;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.worker.child.RecordingContext;

import static org.assertj.core.api.Assertions.assertThat;

class FailOperationTest {
    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void returnsAToolErrorWithTheGivenMessage() throws Exception {
        String result =
                new FailOperation().run(mapper.readTree("{\"message\":\"disk \\\"full\\\"\"}"), new RecordingContext());

        assertThat(result)
                .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":\"disk \\\"full\\\"\"}],\"isError\":true}");
    }

    @Test
    void usesTheDefaultMessageWithoutOne() throws Exception {
        String result = new FailOperation().run(mapper.createObjectNode(), new RecordingContext());

        assertThat(result)
                .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":\"" + FailOperation.DEFAULT_MESSAGE
                        + "\"}],\"isError\":true}");
    }
}
