package dev.taskgate.worker.child.ops;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.worker.child.FrontierResume;
import dev.taskgate.worker.child.RecordingContext;

import static org.assertj.core.api.Assertions.assertThat;

class CountOperationTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String REVISION = CountOperation.revisionOf(4);

    @Test
    void savesAFrontierAfterEveryStep() throws Exception {
        RecordingContext context = new RecordingContext();

        assertThat(count(context))
                .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":\"counted to 4\"}]," + "\"isError\":false}");
        assertThat(context.checkpoints())
                .containsExactly(
                        REVISION + "|{\"next\":1}",
                        REVISION + "|{\"next\":2}",
                        REVISION + "|{\"next\":3}",
                        REVISION + "|{\"next\":4}");
    }

    @Test
    void continuesFromAMatchingFrontierWithTheSameResult() throws Exception {
        RecordingContext context = new RecordingContext().resuming(new FrontierResume(7, REVISION, "{\"next\":2}"));

        assertThat(count(context)).contains("counted to 4");
        assertThat(context.checkpoints()).containsExactly(REVISION + "|{\"next\":3}", REVISION + "|{\"next\":4}");
        assertThat(context.reports().get(0).message()).isEqualTo("resumed at 2");
        assertThat(context.reports())
                .extracting(r -> r.message())
                .containsExactly("resumed at 2", "at 3 of 4 (resumed at 2)", "at 4 of 4 (resumed at 2)");
    }

    @Test
    void reportsEveryStepAfterItsFrontier() throws Exception {
        RecordingContext context = new RecordingContext();

        count(context);

        assertThat(context.reports())
                .extracting(r -> r.message())
                .containsExactly("counting from the beginning", "at 1 of 4", "at 2 of 4", "at 3 of 4", "at 4 of 4");
    }

    @Test
    void startsAfreshOnAnotherRevisionOrAnUnreadableFrontier() throws Exception {
        for (FrontierResume stale : new FrontierResume[] {
            new FrontierResume(7, CountOperation.revisionOf(5), "{\"next\":2}"),
            new FrontierResume(7, REVISION, "{\"next\":9}"),
            new FrontierResume(7, REVISION, "not json")
        }) {
            RecordingContext context = new RecordingContext().resuming(stale);

            count(context);

            assertThat(context.checkpoints()).hasSize(4).first().isEqualTo(REVISION + "|{\"next\":1}");
        }
    }

    private static String count(RecordingContext context) throws Exception {
        return new CountOperation().run(MAPPER.readTree("{\"to\":4,\"step_ms\":1}"), context);
    }
}
