package dev.taskgate.deploycheck;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RequiredSettingsTest {
    private static final Map<String, Set<String>> REQUIRED = ServiceEnv.required(Repo.read("bin/lib/service-env.sh"));
    private static final Map<String, String> ENV_EXAMPLE = Repo.dotenv(Repo.read(".env.example"));

    @Test
    void serviceEnvNamesEachServicesSettings() {
        assertThat(REQUIRED).containsOnlyKeys(Repo.SERVICES);
        assertThat(REQUIRED.get("job-control"))
                .contains(
                        "TASKGATE_KAFKA_PASSWORD",
                        "TASKGATE_PG_PASSWORD",
                        "TASKGATE_PAYLOAD_KEYS",
                        "JOBCTL_INTERNAL_AUTH_TRUSTED_KEYS");
        assertThat(REQUIRED.get("webhook-dispatcher"))
                .contains("TASKGATE_WEBHOOKS_SECRET_KEY", "MP_JWT_VERIFY_PUBLICKEY_LOCATION")
                .doesNotContain("TASKGATE_PAYLOAD_KEYS");
    }

    @Test
    void everyServiceHasWhatServiceEnvStartsItWith() {
        assertThat(ComposeChecks.settings(Repo.compose(), REQUIRED, ENV_EXAMPLE))
                .isEmpty();
    }

    @Test
    void aMissingSettingIsFound() {
        String broken = Repo.read("docker-compose.yml").replaceFirst("(?m)^      TASKGATE_PAYLOAD_KEYS: .*\\n", "");

        assertThat(ComposeChecks.settings(Repo.yaml(broken), REQUIRED, ENV_EXAMPLE))
                .containsExactly("job-control lacks TASKGATE_PAYLOAD_KEYS (bin/lib/service-env.sh gives it)");
    }

    @Test
    void aVariableEnvExampleDoesNotListIsFound() {
        Map<String, String> without = new LinkedHashMap<>(ENV_EXAMPLE);
        without.remove("TASKGATE_HANDLES_KEY");

        assertThat(ComposeChecks.settings(Repo.compose(), REQUIRED, without))
                .contains("job-control needs ${TASKGATE_HANDLES_KEY}, which .env.example does not list");
    }
}
