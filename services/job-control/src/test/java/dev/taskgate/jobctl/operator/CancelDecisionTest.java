package dev.taskgate.jobctl.operator;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.jobctl.execution.Execution;

import static org.assertj.core.api.Assertions.assertThat;

class CancelDecisionTest {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    @ParameterizedTest(name = "{0} cancellable={1} stopRequested={2} -> {3}")
    @CsvSource({
        "queued,         true,  false, CANCEL_QUEUED",
        "queued,         false, false, CANCEL_QUEUED",
        "working,        true,  false, REQUEST_STOP",
        "working,        true,  true,  STOP_ALREADY_REQUESTED",
        "working,        false, false, UNSUPPORTED",
        "working,        false, true,  UNSUPPORTED",
        "input_required, true,  false, REQUEST_STOP",
        "input_required, true,  true,  STOP_ALREADY_REQUESTED",
        "input_required, false, false, UNSUPPORTED",
        "completed,      true,  false, ALREADY_TERMINAL",
        "failed,         false, false, ALREADY_TERMINAL",
        "cancelled,      true,  true,  ALREADY_TERMINAL",
    })
    void decidesByStateCatalogAndEarlierRequest(
            String state, boolean cancellable, boolean stopRequested, CancelDecision expected) {
        Execution e = new Execution(
                UUID.randomUUID(),
                "p",
                "o/p",
                "o",
                "p",
                Surface.REST,
                "t",
                "1",
                ExecutionStatus.fromWire(state),
                1,
                1,
                null,
                null,
                null,
                null,
                null,
                stopRequested ? T0 : null,
                T0,
                T0,
                T0.plusSeconds(60),
                T0.plusSeconds(120),
                false,
                null);
        OperationSpec spec = new OperationSpec(
                "t",
                "1",
                null,
                null,
                false,
                null,
                JsonNodeFactory.instance.objectNode().put("type", "object"),
                cancellable ? null : Boolean.FALSE);

        assertThat(CancelDecision.of(e, Optional.of(spec))).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"working, REQUEST_STOP", "queued, CANCEL_QUEUED", "completed, ALREADY_TERMINAL"})
    void anOperationNoLongerInTheCatalogIsTreatedAsCancellable(String state, CancelDecision expected) {
        Execution e = new Execution(
                UUID.randomUUID(),
                "p",
                "o/p",
                "o",
                "p",
                Surface.REST,
                "gone",
                "1",
                ExecutionStatus.fromWire(state),
                1,
                1,
                null,
                null,
                null,
                null,
                null,
                null,
                T0,
                T0,
                T0.plusSeconds(60),
                T0.plusSeconds(120),
                false,
                null);

        assertThat(CancelDecision.of(e, Optional.empty())).isEqualTo(expected);
    }
}
