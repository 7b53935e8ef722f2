package dev.taskgate.worker.child.ops;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.worker.child.OperationStoppedException;
import dev.taskgate.worker.child.RecordingContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StagedOperationTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void stagesTheExactResultItReturnsBeforeReportingProgress() throws Exception {
        RecordingContext context = new RecordingContext();

        String result = new StagedOperation().run(MAPPER.readTree("{}"), context);

        assertThat(context.staged()).containsExactly(result);
        assertThat(result)
                .matches("\\{\"content\":\\[\\{\"type\":\"text\",\"text\":\"run [0-9a-f-]{36}\"}],"
                        + "\"isError\":false}");
        String runId = result.substring(result.indexOf("run "), result.indexOf("\"}]"));
        assertThat(context.reports())
                .extracting(RecordingContext.Report::message)
                .containsExactly(StagedOperation.STAGED + ": " + runId);
    }

    @Test
    void everyRunNamesAFreshRunIdSoASecondRunIsVisible() throws Exception {
        String first = new StagedOperation().run(MAPPER.readTree("{}"), new RecordingContext());
        String second = new StagedOperation().run(MAPPER.readTree("{}"), new RecordingContext());

        assertThat(first).isNotEqualTo(second);
    }

    @Test
    void aStopWhileHoldingEndsWithoutAResultButAfterStaging() {
        RecordingContext context = new RecordingContext();
        context.requestStop();

        assertThatThrownBy(() -> new StagedOperation().run(MAPPER.readTree("{\"hold_seconds\":60}"), context))
                .isInstanceOf(OperationStoppedException.class);
        assertThat(context.staged()).hasSize(1);
    }

    @Test
    void rejectsANegativeHold() {
        assertThatThrownBy(() ->
                        new StagedOperation().run(MAPPER.readTree("{\"hold_seconds\":-1}"), new RecordingContext()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
