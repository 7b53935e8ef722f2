package dev.taskgate.contracts;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.core.JsonProcessingException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link Surface} and {@link ExecutionStatus} travel as their wire names, and only those are accepted. */
class WireNamesTest {

    @ParameterizedTest
    @EnumSource(Surface.class)
    void surfaceRoundTripsThroughItsWireName(Surface surface) throws JsonProcessingException {
        String json = Wire.mapper().writeValueAsString(surface);

        assertThat(json).isEqualTo("\"" + surface.wireName() + "\"");
        assertThat(Wire.mapper().readValue(json, Surface.class)).isSameAs(surface);
        assertThat(Surface.fromWire(surface.wireName())).isSameAs(surface);
    }

    @ParameterizedTest
    @EnumSource(ExecutionStatus.class)
    void executionStatusRoundTripsThroughItsWireName(ExecutionStatus status) throws JsonProcessingException {
        String json = Wire.mapper().writeValueAsString(status);

        assertThat(json).isEqualTo("\"" + status.wireName() + "\"");
        assertThat(Wire.mapper().readValue(json, ExecutionStatus.class)).isSameAs(status);
        assertThat(ExecutionStatus.fromWire(status.wireName())).isSameAs(status);
    }

    @ParameterizedTest
    @ValueSource(strings = {"REST", "MCP_2025", "mcp-2024", "mcp", "", " rest"})
    void surfaceFromWireRejectsUnknownNames(String name) {
        assertThatThrownBy(() -> Surface.fromWire(name)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"QUEUED", "INPUT_REQUIRED", "input-required", "canceled", "done", ""})
    void executionStatusFromWireRejectsUnknownNames(String name) {
        assertThatThrownBy(() -> ExecutionStatus.fromWire(name)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void fromWireRejectsNull() {
        assertThatThrownBy(() -> Surface.fromWire(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ExecutionStatus.fromWire(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void schemaEnumsListExactlyTheWireNames() {
        assertThat(enumOf("surface"))
                .containsExactlyElementsOf(
                        Arrays.stream(Surface.values()).map(Surface::wireName).toList());
        assertThat(enumOf("executionStatus"))
                .containsExactlyElementsOf(Arrays.stream(ExecutionStatus.values())
                        .map(ExecutionStatus::wireName)
                        .toList());
    }

    @Test
    void onlyCompletedFailedAndCancelledAreTerminal() {
        assertThat(Arrays.stream(ExecutionStatus.values()).filter(ExecutionStatus::isTerminal))
                .containsExactlyInAnyOrder(
                        ExecutionStatus.COMPLETED, ExecutionStatus.FAILED, ExecutionStatus.CANCELLED);
    }

    private static List<String> enumOf(String definition) {
        List<String> names = new ArrayList<>();
        SchemaFiles.json("kafka/common.schema.json")
                .at("/$defs/" + definition + "/enum")
                .forEach(n -> names.add(n.asText()));
        return names;
    }
}
