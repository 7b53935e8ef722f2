package dev.taskgate.jobctl;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;

import static org.assertj.core.api.Assertions.assertThat;

/** The environment variable deployments use for the key ring really reaches {@code jobctl.payload-keys}. */
class JobControlConfigEnvironmentTest {

    @Test
    void jobctlPayloadKeysFromTheEnvironmentIsTheOrderedKeyRing() {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withSources(new EnvConfigSource(Map.of("JOBCTL_PAYLOAD_KEYS", "new:AAAA,old:BBBB"), 300))
                .withSources(new PropertiesConfigSource(MinimalJobControlProperties.get(), "test", 100))
                .withConverter(Duration.class, 100, new DurationConverter()) // Quarkus's "24h" spelling
                .withMapping(JobControlConfig.class)
                .build();

        assertThat(config.getConfigMapping(JobControlConfig.class).payloadKeys())
                .containsExactly("new:AAAA", "old:BBBB");
    }
}
