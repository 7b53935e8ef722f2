package dev.taskgate.deploycheck;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class HealthAndHardeningTest {

    @Test
    void kafkaAndPostgresHaveHealthChecksAndAreWaitedFor() {
        assertThat(ComposeChecks.health(Repo.compose())).isEmpty();
    }

    @Test
    void aMissingHealthCheckOrAWeakerConditionIsFound() {
        String text = Repo.read("docker-compose.yml");
        int kafka = text.indexOf("  kafka:\n");
        int check = text.indexOf("    healthcheck:\n", kafka);
        int next = text.indexOf("\n\n", check);
        String noKafkaCheck = text.substring(0, check) + text.substring(next + 1);
        String startedOnly = text.replaceFirst(
                "postgres-init:\n        condition: service_completed_successfully",
                "postgres-init:\n        condition: service_started");

        assertThat(ComposeChecks.health(Repo.yaml(noKafkaCheck))).containsExactly("kafka has no health check");
        assertThat(ComposeChecks.health(Repo.yaml(startedOnly)))
                .containsExactly("job-control waits for postgres-init with service_started, not "
                        + "service_completed_successfully");
    }

    @Test
    void nothingIsPrivilegedAndTheServicesRunReadOnlyAsTheirUser() {
        assertThat(ComposeChecks.hardening(Repo.compose())).isEmpty();
    }

    @Test
    void privilegeAWritableRootOrRootWithANetworkIsFound() {
        String text = Repo.read("docker-compose.yml");
        String privileged =
                text.replace("  worker-pool:\n    image:", "  worker-pool:\n    privileged: true\n    image:");
        String writable =
                text.replaceFirst("(  mcp-frontend:\n(?:.*\n)*?)    read_only: true\n", "$1    read_only: false\n");
        String rootWithNetwork = text.replace("    network_mode: none\n", "");

        assertThat(ComposeChecks.hardening(Repo.yaml(privileged))).containsExactly("worker-pool is privileged");
        assertThat(ComposeChecks.hardening(Repo.yaml(writable)))
                .containsExactly("mcp-frontend has a writable root file system");
        assertThat(ComposeChecks.hardening(Repo.yaml(rootWithNetwork)))
                .containsExactly("worker-volume-init runs as root with capabilities or a network");
    }
}
