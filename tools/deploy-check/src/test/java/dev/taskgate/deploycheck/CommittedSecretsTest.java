package dev.taskgate.deploycheck;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CommittedSecretsTest {
    private static final Map<String, String> ENV_EXAMPLE = Repo.dotenv(Repo.read(".env.example"));

    @Test
    void noKeyOrPasswordIsCommitted() {
        assertThat(ComposeChecks.secrets(
                        Repo.compose(), ENV_EXAMPLE, Repo.read("docker-compose.yml"), Repo.read(".gitignore")))
                .isEmpty();
        assertThat(ENV_EXAMPLE).containsKeys("TASKGATE_HANDLES_KEY", "KAFKA_PASSWORD_JOB_CONTROL", "POSTGRES_PASSWORD");
    }

    @Test
    void aLiteralKeyInTheComposeFileIsFound() {
        String text = Repo.read("docker-compose.yml")
                .replaceFirst(
                        "TASKGATE_HANDLES_KEY: \\$\\{TASKGATE_HANDLES_KEY:\\?run bin/compose-keys first}",
                        "TASKGATE_HANDLES_KEY: c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA==");
        String withDefault = Repo.read("docker-compose.yml")
                .replaceFirst(
                        "TASKGATE_PG_PASSWORD: \\$\\{TASKGATE_PG_JOBCTL_PASSWORD:\\?run bin/compose-keys first}",
                        "TASKGATE_PG_PASSWORD: \\${TASKGATE_PG_JOBCTL_PASSWORD:-dev-insecure-jobctl}");

        assertThat(ComposeChecks.secrets(Repo.yaml(text), ENV_EXAMPLE, text, Repo.read(".gitignore")))
                .containsExactly("job-control: TASKGATE_HANDLES_KEY is not only a reference to the environment");
        assertThat(ComposeChecks.secrets(Repo.yaml(withDefault), ENV_EXAMPLE, withDefault, Repo.read(".gitignore")))
                .containsExactly("job-control: TASKGATE_PG_PASSWORD is not only a reference to the environment");
    }

    @Test
    void aValueInEnvExampleOrAnUnignoredEnvIsFound() {
        Map<String, String> filled = new LinkedHashMap<>(ENV_EXAMPLE);
        filled.put("WORKER_POOL_SIGNING_KEY", "k1:c2VjcmV0");
        String text = Repo.read("docker-compose.yml");

        assertThat(ComposeChecks.secrets(Repo.compose(), filled, text, Repo.read(".gitignore")))
                .containsExactly(".env.example gives WORKER_POOL_SIGNING_KEY a value");
        assertThat(ComposeChecks.secrets(
                        Repo.compose(),
                        ENV_EXAMPLE,
                        text,
                        Repo.read(".gitignore").replace("\n.env\n", "\n")))
                .containsExactly(".gitignore does not ignore .env");
    }
}
