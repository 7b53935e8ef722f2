package dev.taskgate.operation.api;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ToolResultsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void textIsOneTextBlock() {
        assertThat(ToolResults.text("done")).isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}");
    }

    @Test
    void errorIsAToolErrorNotAnException() {
        assertThat(ToolResults.error("no such file"))
                .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":\"no such file\"}],\"isError\":true}");
    }

    @Test
    void structuredCarriesTheObjectTwice() throws Exception {
        ObjectNode value = JSON.createObjectNode().put("focuses", 3);
        var result = JSON.readTree(ToolResults.structured(value));
        assertThat(result.get("structuredContent")).isEqualTo(value);
        assertThat(JSON.readTree(result.at("/content/0/text").asText())).isEqualTo(value);
    }

    @Test
    void structuredContentMustBeAnObject() {
        assertThatThrownBy(() -> ToolResults.structured(JSON.createArrayNode()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("object");
    }

    @Test
    void resourceLinkNamesTheArtifact() throws Exception {
        String text = ToolResults.builder()
                .addText("rendered")
                .resourceLink(new ArtifactLink("http://127.0.0.1:8080/a/1", "tree.svg", "image/svg+xml", 42))
                .build();
        var link = JSON.readTree(text).at("/content/1");
        assertThat(link.get("type").asText()).isEqualTo("resource_link");
        assertThat(link.get("uri").asText()).isEqualTo("http://127.0.0.1:8080/a/1");
        assertThat(link.get("mimeType").asText()).isEqualTo("image/svg+xml");
        assertThat(link.get("size").asLong()).isEqualTo(42);
    }
}
