package dev.taskgate.worker.pool.sandbox;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EffectiveUserTest {

    @Test
    void readsTheEffectiveNotTheRealUid() {
        String status = "Name:\tjava\nUmask:\t0022\nUid:\t1000\t0\t0\t0\nGid:\t1000\t1000\t1000\t1000\n";

        assertThat(EffectiveUser.effectiveUid(status)).isZero();
    }
}
