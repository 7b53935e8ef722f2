package dev.taskgate.worker.child.ops;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.worker.child.RecordingContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CrashOperationTest {
    private final ObjectMapper mapper = new ObjectMapper();
    private final List<Integer> halts = new ArrayList<>();
    private final RecordingContext context = new RecordingContext();

    @Test
    void haltsWithTheGivenExitCodeAndReportsNothing() throws Exception {
        CrashOperation crash = new CrashOperation(halts::add);

        assertThatThrownBy(() -> crash.run(mapper.readTree("{\"exit_code\":42}"), context))
                .isInstanceOf(IllegalStateException.class);

        assertThat(halts).containsExactly(42);
        assertThat(context.reports()).isEmpty();
    }

    @Test
    void haltsWith137ByDefault() {
        CrashOperation crash = new CrashOperation(halts::add);

        assertThatThrownBy(() -> crash.run(mapper.createObjectNode(), context))
                .isInstanceOf(IllegalStateException.class);

        assertThat(halts).containsExactly(137);
    }
}
