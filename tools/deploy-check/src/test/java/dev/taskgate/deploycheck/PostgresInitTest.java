package dev.taskgate.deploycheck;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

class PostgresInitTest {

    /** Runs deploy/compose/postgres-init.sh with a psql that records its arguments and the SQL it is given. */
    private static String run(Path dir, Path lib) throws IOException, InterruptedException {
        Path psql = dir.resolve("psql");
        Files.writeString(psql, """
                #!/usr/bin/env bash
                { echo "psql $*"; echo "jobctl=$TASKGATE_PG_JOBCTL_PASSWORD webhooks=$TASKGATE_PG_WEBHOOKS_PASSWORD"; cat; } >> "$PSQL_LOG"
                """);
        Files.setPosixFilePermissions(psql, PosixFilePermissions.fromString("rwx------"));
        Path log = dir.resolve("psql.log");
        Files.writeString(log, "");
        ProcessBuilder pb = new ProcessBuilder(
                        "bash",
                        Repo.ROOT.resolve("deploy/compose/postgres-init.sh").toString())
                .redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.put("TASKGATE_PG_BIN", dir.toString());
        env.put("TASKGATE_LIB", lib.toString());
        env.put("TASKGATE_PG_DATABASE", "taskgate");
        env.put("TASKGATE_PG_JOBCTL_PASSWORD", "pw-jobctl");
        env.put("TASKGATE_PG_WEBHOOKS_PASSWORD", "pw-webhooks");
        env.put("PSQL_LOG", log.toString());
        env.remove("PGPORT");
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        return Files.readString(log);
    }

    @Test
    void theInitJobRunsTheLocalStacksDatabaseSetUpOnPostgresLoopback(@TempDir Path dir) throws Exception {
        String psql = run(dir, Repo.ROOT.resolve("bin/lib"));

        assertThat(psql)
                .contains("psql -X -q -h 127.0.0.1 -p 5432 -U postgres -v ON_ERROR_STOP=1 -d postgres -v db=taskgate")
                .contains("jobctl=pw-jobctl webhooks=pw-webhooks")
                .contains("alter role taskgate_jobctl login")
                .contains("create schema if not exists jobctl authorization taskgate_jobctl")
                .contains("create schema if not exists webhooks authorization taskgate_webhooks");
        JsonNode init = Compose.services(Repo.compose()).get("postgres-init");
        assertThat(init.path("network_mode").asText()).isEqualTo("service:postgres");
        assertThat(Compose.strings(init.path("volumes"))).contains("./bin/lib:/taskgate/bin/lib:ro");
    }

    @Test
    void aLibraryWithoutPgCreateDbFailsTheJob(@TempDir Path dir) throws Exception {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        Files.writeString(lib.resolve("postgres.sh"), "# no pg_create_db here\n");

        assertThat(catchThrowable(() -> run(dir, lib))).isInstanceOf(AssertionError.class);
    }
}
