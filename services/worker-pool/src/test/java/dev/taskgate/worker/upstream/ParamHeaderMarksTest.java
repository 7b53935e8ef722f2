package dev.taskgate.worker.upstream;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The {@code x-mcp-header} marks of an upstream tool's input schema, as the child receives them. */
class ParamHeaderMarksTest {

    private static JsonNode schema(String text) {
        return Wire.fromBytes(text.getBytes(StandardCharsets.UTF_8), JsonNode.class);
    }

    @Test
    void findsEveryMarkReachedThroughPropertiesInOrder() {
        JsonNode marks = ParamHeaderMarks.of(schema("""
                {"type": "object", "properties": {
                  "region": {"type": "string", "x-mcp-header": "Region"},
                  "plain": {"type": "string"},
                  "options": {"type": "object", "properties": {
                    "urgent": {"type": "boolean", "x-mcp-header": "Urgent"}}}}}
                """));

        assertThat(marks.toString())
                .isEqualTo("[{\"path\":[\"region\"],\"header\":\"Region\"},"
                        + "{\"path\":[\"options\",\"urgent\"],\"header\":\"Urgent\"}]");
        assertThat(ParamHeaderMarks.of(schema("{\"type\":\"object\"}"))).isEmpty();
        assertThat(ParamHeaderMarks.of(schema("""
                {"type": "object", "properties": {"x-mcp-header": {"type": "string"}}}
                """)))
                .as("a property may be named like the keyword")
                .isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            not a token     | {"properties": {"a": {"type": "string", "x-mcp-header": "A B"}}}                      | must be an HTTP token
            not primitive   | {"properties": {"a": {"type": "object", "x-mcp-header": "A"}}}                        | needs type string, integer or boolean
            no type         | {"properties": {"a": {"x-mcp-header": "A"}}}                                          | needs type string, integer or boolean
            in an array     | {"properties": {"a": {"type": "array", "items": {"type": "string", "x-mcp-header": "A"}}}} | not a property reached through 'properties'
            twice           | {"properties": {"a": {"type": "string", "x-mcp-header": "A"}, "b": {"type": "string", "x-mcp-header": "a"}}} | 'a' is given twice
            """)
    void refusesAMarkItCannotHonour(String what, String text, String message) {
        assertThatThrownBy(() -> ParamHeaderMarks.of(schema(text)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }
}
