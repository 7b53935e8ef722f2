package dev.taskgate.frontend.mcp.progress;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;

import static org.assertj.core.api.Assertions.assertThat;

class LifecycleStatePeekTest {

    @Test
    void readsTheStateOfARecordAsJobControlWritesIt() {
        for (ExecutionStatus state : ExecutionStatus.values()) {
            Instant now = Instant.now();
            ExecutionChanged changed = new ExecutionChanged(
                    UUID.randomUUID(),
                    now,
                    UUID.randomUUID(),
                    state,
                    now,
                    now,
                    "a summary with \"state\":\"completed\" in it",
                    "acme",
                    "demo",
                    "alice",
                    Surface.MCP_2026);

            assertThat(LifecycleStatePeek.of(Wire.toBytes(changed))).isEqualTo(state);
        }
    }

    @Test
    void onlyTheTopLevelStateCounts() {
        assertThat(
                        peek(
                                "{\"nested\":{\"state\":\"completed\"},\"list\":[{\"state\":\"failed\"}],\"state\":\"working\"}"))
                .isEqualTo(ExecutionStatus.WORKING);
        assertThat(peek("{\"nested\":{\"state\":\"completed\"}}")).isNull();
    }

    @Test
    void anythingElseHasNoState() {
        assertThat(peek("{\"state\":\"finished\"}")).as("unknown state").isNull();
        assertThat(peek("{\"state\":3}")).as("not a string").isNull();
        assertThat(peek("[\"state\",\"completed\"]")).as("not an object").isNull();
        assertThat(peek("{\"state\":")).as("cut short").isNull();
        assertThat(peek("not json")).isNull();
        assertThat(LifecycleStatePeek.of(null)).isNull();
        assertThat(LifecycleStatePeek.of(new byte[0])).isNull();
    }

    private static ExecutionStatus peek(String json) {
        return LifecycleStatePeek.of(json.getBytes(StandardCharsets.UTF_8));
    }
}
