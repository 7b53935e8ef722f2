package dev.taskgate.deploycheck;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ImageNamesTest {
    private static final Map<String, String> ENV_EXAMPLE = Repo.dotenv(Repo.read(".env.example"));

    @Test
    void everyServiceRunsTheImageTheBuildNames() {
        assertThat(ComposeChecks.images(
                        Repo.compose(), Repo::applicationProperties, Repo.projectVersion(), ENV_EXAMPLE))
                .isEmpty();
        assertThat(ComposeChecks.builtImage(Repo.applicationProperties("worker-pool"), Repo.projectVersion()))
                .isEqualTo("taskgate/worker-pool:" + Repo.projectVersion());
    }

    @Test
    void anotherTagInTheComposeFileOrInEnvExampleIsFound() {
        String staleDefault = Repo.read("docker-compose.yml")
                .replaceFirst(
                        "taskgate/job-control:\\$\\{TASKGATE_IMAGE_TAG:-[^}]*}",
                        "taskgate/job-control:\\${TASKGATE_IMAGE_TAG:-0.0.1}");
        Map<String, String> staleEnv = new HashMap<>(ENV_EXAMPLE);
        staleEnv.put("TASKGATE_IMAGE_TAG", "0.0.1");

        assertThat(ComposeChecks.images(
                        Repo.yaml(staleDefault), Repo::applicationProperties, Repo.projectVersion(), ENV_EXAMPLE))
                .containsExactly("job-control: image taskgate/job-control:0.0.1 by default, the build makes "
                        + "taskgate/job-control:" + Repo.projectVersion());
        assertThat(ComposeChecks.images(Repo.compose(), Repo::applicationProperties, Repo.projectVersion(), staleEnv))
                .hasSize(5);
    }

    @Test
    void anImageTheBuildDoesNotNameIsFound() {
        Properties renamed = Repo.applicationProperties("mcp-frontend");
        renamed.setProperty("quarkus.container-image.name", "frontend");

        assertThat(ComposeChecks.images(
                        Repo.compose(),
                        s -> s.equals("mcp-frontend") ? renamed : Repo.applicationProperties(s),
                        Repo.projectVersion(),
                        ENV_EXAMPLE))
                .anyMatch(p -> p.startsWith("mcp-frontend: image taskgate/mcp-frontend:"));
    }

    @Test
    void theFourImagesShareBaseUserWorkingDirectoryAndLabels() {
        for (String service : Repo.SERVICES) {
            Properties p = Repo.applicationProperties(service);
            Properties first = Repo.applicationProperties(Repo.SERVICES.get(0));
            assertThat(p.getProperty("quarkus.jib.base-jvm-image"))
                    .as(service)
                    .isEqualTo(first.getProperty("quarkus.jib.base-jvm-image"))
                    .matches("[a-z0-9./-]+:[0-9][^:]*"); // a pinned tag, not latest
            assertThat(p.getProperty("quarkus.jib.user")).as(service).isEqualTo("10001:10001");
            // bin/images builds into the same place (tools/image-build reads it); bin/test-images expects it there
            assertThat(p.getProperty("quarkus.jib.working-directory"))
                    .as(service)
                    .isEqualTo("/opt/taskgate/app");
            assertThat(p.getProperty("quarkus.container-image.labels.\"org.opencontainers.image.version\""))
                    .isEqualTo("${quarkus.application.version}");
            assertThat(p.getProperty("quarkus.container-image.labels.\"org.opencontainers.image.revision\""))
                    .startsWith("${taskgate.image.revision");
            assertThat(p.getProperty("quarkus.container-image.build"))
                    .as(service)
                    .isNull();
            assertThat(p.getProperty("quarkus.container-image.push"))
                    .as(service)
                    .isNull();
        }
    }
}
