package dev.taskgate.jobctl.deadletter;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DeadLetterPositionTest {

    @Test
    void aCursorRoundTrips() {
        DeadLetterPosition at = DeadLetterPosition.of("p.taskgate.commands.v1.dlq", 3, 17);
        assertThat(DeadLetterPosition.parse(at.text())).isEqualTo(at);
        assertThat(at.text()).isEqualTo("p.taskgate.commands.v1.dlq/3/17");
    }

    @Test
    void rejectsAnythingElseAsAnInvalidRequest() {
        for (String bad : new String[] {"", "t/1", "t/1/2/3", "/1/2", "t/-1/2", "t/1/-2", "t/x/2", "t/1/2.5"}) {
            assertThatThrownBy(() -> DeadLetterPosition.parse(bad))
                    .as(bad)
                    .isInstanceOf(DeadLetterException.class)
                    .satisfies(
                            e -> assertThat(((DeadLetterException) e).problem().status())
                                    .isEqualTo(400));
        }
    }

    @Test
    void aFlagIsTrueOrFalseOnly() {
        assertThat(DeadLetterParams.flag("force", null)).isFalse();
        assertThat(DeadLetterParams.flag("force", "false")).isFalse();
        assertThat(DeadLetterParams.flag("force", "true")).isTrue();
        assertThatThrownBy(() -> DeadLetterParams.flag("force", "yes")).isInstanceOf(DeadLetterException.class);
    }
}
