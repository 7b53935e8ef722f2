package dev.taskgate.frontend.mcp.http;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HeaderBindingsTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void collectsPrimitivePropertiesAlongPropertiesChains() {
        List<HeaderBindings.Binding> bindings = HeaderBindings.of("t", json("""
                {"type":"object","properties":{"a":{"type":"string","x-mcp-header":"A"},
                 "o":{"type":"object","properties":{"b":{"type":"integer","x-mcp-header":"B_2"}}},
                 "x-mcp-header":{"type":"boolean"}}}
                """));

        assertThat(bindings)
                .containsExactly(
                        new HeaderBindings.Binding(List.of("a"), "string", "A"),
                        new HeaderBindings.Binding(List.of("o", "b"), "integer", "B_2"));
        assertThat(bindings.get(1).headerName()).isEqualTo("Mcp-Param-B_2");
    }

    @Test
    void refusesAMarkOnANonPrimitiveProperty() {
        refuses("{\"properties\":{\"o\":{\"type\":\"object\",\"x-mcp-header\":\"O\"}}}", "not of type");
        refuses("{\"properties\":{\"n\":{\"type\":\"number\",\"x-mcp-header\":\"N\"}}}", "not of type");
        refuses("{\"properties\":{\"u\":{\"x-mcp-header\":\"U\"}}}", "not of type");
    }

    @Test
    void refusesAMarkNotReachedThroughProperties() {
        refuses(
                "{\"properties\":{\"l\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"x-mcp-header\":\"L\"}}}}",
                "reached through");
        refuses("{\"$defs\":{\"d\":{\"type\":\"string\",\"x-mcp-header\":\"D\"}}}", "reached through");
        refuses(
                "{\"anyOf\":[{\"properties\":{\"a\":{\"type\":\"string\",\"x-mcp-header\":\"A\"}}}]}",
                "reached through");
    }

    @Test
    void refusesANameThatIsNotAToken() {
        refuses("{\"properties\":{\"a\":{\"type\":\"string\",\"x-mcp-header\":\"Bad Name\"}}}", "token");
        refuses("{\"properties\":{\"a\":{\"type\":\"string\",\"x-mcp-header\":\"\"}}}", "token");
        refuses("{\"properties\":{\"a\":{\"type\":\"string\",\"x-mcp-header\":\"a:b\"}}}", "token");
        refuses("{\"properties\":{\"a\":{\"type\":\"string\",\"x-mcp-header\":7}}}", "token");
    }

    @Test
    void refusesANameDeclaredTwiceIgnoringCase() {
        refuses(
                "{\"properties\":{\"a\":{\"type\":\"string\",\"x-mcp-header\":\"Region\"},"
                        + "\"b\":{\"type\":\"string\",\"x-mcp-header\":\"REGION\"}}}",
                "declared twice");
    }

    @Test
    void theStartupCheckNamesTheToolAndTheShippedCatalogsPass() {
        OperationSpec bad = new OperationSpec(
                "bad_tool",
                "1",
                "Bad",
                "Bad",
                false,
                null,
                json("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"object\",\"x-mcp-header\":\"A\"}}}"));

        assertThatThrownBy(() -> new ToolHeaderBindings(List.of(bad)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bad_tool")
                .hasMessageContaining("property a");
        ToolHeaderBindings shipped =
                new ToolHeaderBindings(OperationCatalog.load(true).all());
        assertThat(shipped.of("test_custom_header"))
                .extracting(HeaderBindings.Binding::header)
                .containsExactly("Region", "Priority", "Verbose");
        assertThat(shipped.of("greet")).isEmpty();
    }

    private static void refuses(String schema, String reason) {
        assertThatThrownBy(() -> HeaderBindings.of("t", json(schema)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(reason);
    }

    private static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }
}
