package dev.taskgate.jobctl;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;

import dev.taskgate.contracts.TaskSurface;
import dev.taskgate.jobctl.admission.AdmissionPolicy;
import dev.taskgate.jobctl.admission.AdmissionPolicyProducer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code jobctl.admission.*} as properties, through the real config mapping, into the startup check. */
class JobControlAdmissionConfigTest {

    private static JobControlConfig config(Map<String, String> admission) {
        Map<String, String> properties = MinimalJobControlProperties.get();
        properties.putAll(admission);
        return new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(properties, "test", 100))
                .withConverter(Duration.class, 100, new DurationConverter())
                .withMapping(JobControlConfig.class)
                .build()
                .getConfigMapping(JobControlConfig.class);
    }

    @Test
    void bothSurfacesAreOffByDefaultAndNeedNoBounds() {
        AdmissionPolicy policy = AdmissionPolicyProducer.from(config(Map.of()));

        assertThat(policy.appliesTo(TaskSurface.NATIVE)).isFalse();
        assertThat(policy.appliesTo(TaskSurface.COMPATIBILITY)).isFalse();
    }

    @Test
    void theNativeSwitchWithAZeroBacklogStopsStartupNamingTheKey() {
        assertThatThrownBy(() -> AdmissionPolicyProducer.from(config(Map.of(
                        "jobctl.admission.native-tasks", "true",
                        "jobctl.admission.principal-concurrency", "10",
                        "jobctl.admission.project-concurrency", "100",
                        "jobctl.admission.organization-concurrency", "1000",
                        "jobctl.admission.project-backlog", "0",
                        "jobctl.admission.project-retained-payload-bytes", "1000000"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("jobctl.admission.project-backlog must be positive");
    }

    @Test
    void theCompatibilitySwitchWithoutBoundsStopsStartupNamingAKey() {
        assertThatThrownBy(() -> AdmissionPolicyProducer.from(config(Map.of("jobctl.admission.compatibility", "true"))))
                .hasMessageContaining("jobctl.admission.principal-concurrency must be set")
                .hasMessageContaining("jobctl.admission.compatibility");
    }

    @Test
    void fullyConfiguredBoundsEnableTheSurface() {
        AdmissionPolicy policy = AdmissionPolicyProducer.from(config(Map.of(
                "jobctl.admission.native-tasks", "true",
                "jobctl.admission.principal-concurrency", "10",
                "jobctl.admission.project-concurrency", "100",
                "jobctl.admission.organization-concurrency", "1000",
                "jobctl.admission.project-backlog", "50",
                "jobctl.admission.project-retained-payload-bytes", "1000000")));

        assertThat(policy.appliesTo(TaskSurface.NATIVE)).isTrue();
        assertThat(policy.appliesTo(TaskSurface.COMPATIBILITY)).isFalse();
    }
}
