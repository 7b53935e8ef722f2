package dev.taskgate.worker.pool.sandbox;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ChildLimitsTest {

    @Test
    void prlimitSetsEachLimitBeforeTheCommand() {
        assertThat(new ChildLimits(60, 1L << 32, 100, 200).prlimitPrefix(Path.of("/usr/bin/prlimit")))
                .containsExactly(
                        "/usr/bin/prlimit", "--cpu=60", "--as=4294967296", "--nproc=100", "--nofile=200", "--");
    }

    @Test
    void parsesSizesLikeJvmOptions() {
        assertThat(ChildLimits.parseSize("4g")).isEqualTo(4L << 30);
        assertThat(ChildLimits.parseSize("512M")).isEqualTo(512L << 20);
        assertThat(ChildLimits.parseSize("64k")).isEqualTo(64L << 10);
        assertThatThrownBy(() -> ChildLimits.parseSize("4 GB")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ChildLimits.parseSize("99999999999999g")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void refusesLimitsBelowOne() {
        assertThatThrownBy(() -> new ChildLimits(0, 1, 1, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
