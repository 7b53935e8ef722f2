package dev.taskgate.worker.execution;

import java.util.UUID;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BoundedKeySetTest {
    private final ExecutionKey a = new ExecutionKey(UUID.randomUUID(), 1);
    private final ExecutionKey b = new ExecutionKey(UUID.randomUUID(), 1);
    private final ExecutionKey c = new ExecutionKey(UUID.randomUUID(), 1);

    @Test
    void remembersKeysAndSaysWhenOneWasAlreadyThere() {
        BoundedKeySet set = new BoundedKeySet(10);

        assertThat(set.add(a)).isTrue();
        assertThat(set.add(a)).isFalse();
        assertThat(set.contains(a)).isTrue();
        assertThat(set.contains(new ExecutionKey(a.executionId(), 2))).isFalse();
    }

    @Test
    void forgetsTheOldestBeyondItsCapacity() {
        BoundedKeySet set = new BoundedKeySet(2);
        set.add(a);
        set.add(b);

        set.add(c);

        assertThat(set.size()).isEqualTo(2);
        assertThat(set.contains(a)).isFalse();
        assertThat(set.contains(b)).isTrue();
        assertThat(set.contains(c)).isTrue();
    }

    @Test
    void rejectsANonPositiveCapacity() {
        assertThatThrownBy(() -> new BoundedKeySet(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
