package dev.taskgate.webhooks.signal;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Which lifecycle states become signals, and the thin payload. */
class LifecycleSignalsTest {
    private static final Instant CREATED = Instant.parse("2026-08-01T09:00:00.123456Z");
    private static final Instant UPDATED = Instant.parse("2026-08-01T09:04:10.5Z");
    private static final Caller ALICE = new Caller("https://taskgate.local/dev", "alice", "acme", "demo");
    private static final ExecutionHandles HANDLES =
            ExecutionHandles.withKey("0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII));

    @ParameterizedTest
    @EnumSource(
            value = ExecutionStatus.class,
            names = {"INPUT_REQUIRED", "COMPLETED", "FAILED", "CANCELLED"})
    void signalledStatesGetAThinPayload(ExecutionStatus state) throws Exception {
        UUID execution = UUID.randomUUID();
        byte[] payload = LifecycleSignals.payload(change(execution, state, "done: " + state.wireName()), HANDLES)
                .orElseThrow();
        JsonNode json = Wire.mapper().readTree(payload);
        assertThat(json.get("type").asText()).isEqualTo("tool.execution.lifecycle");
        assertThat(Instant.parse(json.get("timestamp").asText())).isEqualTo(UPDATED);
        JsonNode data = json.get("data");
        // the handle the caller got from its MCP 2026 call, verifiable on that surface
        assertThat(data.get("execution_id").asText()).isEqualTo(HANDLES.mint(execution, Surface.MCP_2026, ALICE));
        assertThat(HANDLES.verify(data.get("execution_id").asText(), Surface.MCP_2026, ALICE))
                .contains(execution);
        assertThat(data.get("state").asText()).isEqualTo(state.wireName());
        assertThat(Instant.parse(data.get("created_at").asText())).isEqualTo(CREATED);
        assertThat(Instant.parse(data.get("updated_at").asText())).isEqualTo(UPDATED);
        assertThat(data.get("summary").asText()).isEqualTo("done: " + state.wireName());
        assertThat(json.size()).isEqualTo(3);
        assertThat(data.size()).isEqualTo(5);
    }

    @ParameterizedTest
    @EnumSource(
            value = ExecutionStatus.class,
            names = {"QUEUED", "WORKING"})
    void queuedAndWorkingAreNeverSignalled(ExecutionStatus state) {
        assertThat(LifecycleSignals.isSignalled(state)).isFalse();
        assertThat(LifecycleSignals.payload(change(UUID.randomUUID(), state, "x"), HANDLES))
                .isEmpty();
    }

    @ParameterizedTest
    @EnumSource(
            value = ExecutionStatus.class,
            names = {"COMPLETED"})
    void longSummariesAreCut(ExecutionStatus state) throws Exception {
        byte[] payload = LifecycleSignals.payload(change(UUID.randomUUID(), state, "s".repeat(5000)), HANDLES)
                .orElseThrow();
        assertThat(Wire.mapper().readTree(payload).at("/data/summary").asText())
                .hasSize(LifecycleSignals.MAX_SUMMARY_CHARS);
    }

    @Test
    void recordsWithoutPrincipalOrSurfaceHaveNoOwnerAndGetNoPayload() {
        ExecutionChanged full = change(UUID.randomUUID(), ExecutionStatus.COMPLETED, "completed");
        ExecutionChanged noPrincipal = new ExecutionChanged(
                full.messageId(),
                UPDATED,
                full.executionId(),
                full.state(),
                CREATED,
                UPDATED,
                "completed",
                "acme",
                "demo",
                null,
                Surface.REST);
        ExecutionChanged noSurface = new ExecutionChanged(
                full.messageId(),
                UPDATED,
                full.executionId(),
                full.state(),
                CREATED,
                UPDATED,
                "completed",
                "acme",
                "demo",
                ALICE.principal(),
                null);

        assertThat(LifecycleSignals.hasOwner(full)).isTrue();
        assertThat(LifecycleSignals.hasOwner(noPrincipal)).isFalse();
        assertThat(LifecycleSignals.hasOwner(noSurface)).isFalse();
        assertThatThrownBy(() -> LifecycleSignals.payload(noPrincipal, HANDLES))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LifecycleSignals.payload(noSurface, HANDLES))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static ExecutionChanged change(UUID execution, ExecutionStatus state, String summary) {
        return new ExecutionChanged(
                UUID.randomUUID(),
                UPDATED,
                execution,
                state,
                CREATED,
                UPDATED,
                summary,
                "acme",
                "demo",
                ALICE.principal(),
                Surface.MCP_2026);
    }
}
