package dev.taskgate.worker.pool.sandbox;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code taskgate.worker.child.*} as the pool reads it. */
class SandboxSettingsTest {

    @Test
    void readsTheLimitsAndDefaultsTheWorkRootUnderTheTemporaryDirectory() {
        SandboxSetup.Settings settings =
                SandboxSetup.Settings.of(Optional.empty(), Optional.empty(), Duration.ofMinutes(90), "4g", 512, 1024);

        assertThat(settings.workRoot()).isEqualTo(Path.of(System.getProperty("java.io.tmpdir"), "taskgate-children"));
        assertThat(settings.user()).isEmpty();
        assertThat(settings.limits()).isEqualTo(new ChildLimits(5400, 4L << 30, 512, 1024));
    }

    @Test
    void aCpuTimeBelowOneSecondIsAStartupError() {
        assertThatThrownBy(() -> SandboxSetup.Settings.of(
                        Optional.empty(), Optional.empty(), Duration.ofMillis(500), "4g", 512, 1024))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("taskgate.worker.child.limits.cpu-time must be at least 1s, not PT0.5S");
    }
}
