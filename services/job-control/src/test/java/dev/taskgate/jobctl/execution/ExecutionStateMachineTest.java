package dev.taskgate.jobctl.execution;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.taskgate.contracts.ExecutionStatus;

import static org.assertj.core.api.Assertions.assertThat;

class ExecutionStateMachineTest {

    // rows: from, columns: to, both in ExecutionStatus declaration order
    // (queued, working, input_required, completed, failed, cancelled); 1 = allowed
    // running → queued: a replacement after owner loss (issue 6); queued → completed: a quick run reported its end
    // alone (worker-pool holds a read-only run's Started back)
    private static final int[][] EXPECTED = {
        /* queued         */ {0, 1, 0, 1, 1, 1},
        /* working        */ {1, 0, 1, 1, 1, 1},
        /* input_required */ {1, 1, 0, 1, 1, 1},
        /* completed      */ {0, 0, 0, 0, 0, 0},
        /* failed         */ {0, 0, 0, 0, 0, 0},
        /* cancelled      */ {0, 0, 0, 0, 0, 0},
    };

    static List<Arguments> everyPair() {
        ExecutionStatus[] states = ExecutionStatus.values();
        List<Arguments> pairs = new ArrayList<>();
        for (int from = 0; from < states.length; from++) {
            for (int to = 0; to < states.length; to++) {
                pairs.add(Arguments.of(states[from], states[to], EXPECTED[from][to] == 1));
            }
        }
        return pairs;
    }

    @ParameterizedTest(name = "{0} -> {1}: {2}")
    @MethodSource("everyPair")
    void allowsExactlyTheTransitionsOfTheTable(ExecutionStatus from, ExecutionStatus to, boolean allowed) {
        assertThat(ExecutionStateMachine.canMove(from, to)).isEqualTo(allowed);
    }

    @org.junit.jupiter.api.Test
    void matrixCoversEveryStatePair() {
        assertThat(ExecutionStatus.values()).hasSize(EXPECTED.length);
        assertThat(everyPair()).hasSize(36);
    }
}
