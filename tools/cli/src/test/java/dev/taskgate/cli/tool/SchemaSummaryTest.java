package dev.taskgate.cli.tool;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;

class SchemaSummaryTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void listsPropertiesWithTypesAndMarksTheRequiredOnes() throws Exception {
        String summary = SchemaSummary.of(JSON.readTree("""
                {"type":"object","required":["seconds"],
                 "properties":{"seconds":{"type":"number"},"mode":{"enum":["a","b"]},
                               "tags":{"type":["array","null"]},"free":{}}}"""));

        assertThat(summary).isEqualTo("seconds: number*, mode: enum, tags: array|null, free: any");
    }

    @Test
    void anEmptySchemaIsShownAsAnEmptyObject() throws Exception {
        assertThat(SchemaSummary.of(JSON.readTree("{\"type\":\"object\"}"))).isEqualTo("{}");
    }

    @Test
    void theListRequestIsAWellFormedStatelessMcpRequest() {
        var message = ToolCatalog.message(3, "c2");
        assertThat(message.path("method").asText()).isEqualTo("tools/list");
        assertThat(message.path("id").asInt()).isEqualTo(3);
        assertThat(message.at("/params/cursor").asText()).isEqualTo("c2");
        assertThat(message.at("/params/_meta/io.modelcontextprotocol~1protocolVersion")
                        .asText())
                .isEqualTo("2026-07-28");
        assertThat(message.at("/params/_meta/io.modelcontextprotocol~1clientCapabilities")
                        .isObject())
                .isTrue();
    }
}
