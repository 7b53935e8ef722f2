package dev.taskgate.deploycheck;

import java.nio.file.Files;
import java.security.MessageDigest;
import java.util.HexFormat;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ComposeSchemaTest {

    @Test
    void theComposeFileIsValidAgainstTheOfficialSchema() {
        assertThat(ComposeChecks.schema(Repo.compose())).isEmpty();
    }

    @Test
    void anUnknownDependencyConditionAndAMisspelledKeyAreRefused() {
        String broken = Repo.read("docker-compose.yml")
                .replaceFirst("condition: service_healthy", "condition: service_ready")
                .replaceFirst("    healthcheck:", "    health_check:");

        assertThat(ComposeChecks.schema(Repo.yaml(broken)))
                .anyMatch(m -> m.contains("service_ready") || m.contains("condition"))
                .anyMatch(m -> m.contains("health_check"));
    }

    @Test
    void aPortGivenAsAMappingIsRefused() {
        String broken = Repo.read("docker-compose.yml")
                .replace("      - \"127.0.0.1:${TASKGATE_FRONTEND_PORT:-8080}:8080\"", "      - {published: [8080]}");

        assertThat(ComposeChecks.schema(Repo.yaml(broken))).isNotEmpty();
    }

    @Test
    void theVendoredSchemaIsTheUpstreamFileUnmodified() throws Exception {
        byte[] bytes = Files.readAllBytes(Repo.ROOT.resolve(ComposeChecks.SCHEMA));
        String sha256 =
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));

        // vendor/compose-spec/README.md names this digest with the source commit
        assertThat(Repo.read("vendor/compose-spec/README.md")).contains(sha256);
    }
}
