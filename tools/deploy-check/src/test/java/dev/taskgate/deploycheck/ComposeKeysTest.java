package dev.taskgate.deploycheck;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * bin/compose-keys, run for real into a temporary folder (it compiles the JDK-only key tools once into
 * .taskgate/cache/, as bin/taskgate does): what it writes fits what docker-compose.yml reads.
 */
class ComposeKeysTest {
    @TempDir
    static Path dir;

    private static Path state;
    private static Path envFile;
    private static Map<String, String> env;

    /** Runs bin/compose-keys with its state and .env in {@code where}; its exit status and output. */
    private static Map.Entry<Integer, String> run(Path where, Path envExampleRepo) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(
                        "bash", envExampleRepo.resolve("bin/compose-keys").toString())
                .redirectErrorStream(true);
        pb.environment().put("TASKGATE_COMPOSE_STATE", where.resolve("state").toString());
        pb.environment().put("TASKGATE_COMPOSE_ENV", where.resolve("env").toString());
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return Map.entry(p.exitValue(), output);
    }

    private static Map<String, String> unquoted(Map<String, String> entries) {
        return entries.entrySet().stream()
                .collect(Collectors.toMap(
                        Map.Entry::getKey,
                        e -> e.getValue().startsWith("'") && e.getValue().endsWith("'")
                                ? e.getValue().substring(1, e.getValue().length() - 1)
                                : e.getValue()));
    }

    @BeforeAll
    static void makeTheKeys() throws Exception {
        Map.Entry<Integer, String> result = run(dir, Repo.ROOT);
        assertThat(result.getKey()).as(result.getValue()).isZero();
        state = dir.resolve("state");
        envFile = dir.resolve("env");
        env = unquoted(Repo.dotenv(Files.readString(envFile)));
    }

    @Test
    void envHoldsEveryEntryOfEnvExampleWithEverySecretFilledAndIsPrivate() throws IOException {
        Map<String, String> example = Repo.dotenv(Repo.read(".env.example"));

        assertThat(env).containsOnlyKeys(example.keySet());
        example.forEach((name, value) -> {
            if (ComposeChecks.SECRET_NAME.matcher(name).find() || name.equals("KAFKA_CLUSTER_ID")) {
                assertThat(env.get(name)).as(name).isNotBlank();
            } else {
                assertThat(env.get(name)).as(name).isEqualTo(value);
            }
        });
        assertThat(env.get("KAFKA_CLUSTER_ID")).matches("[A-Za-z0-9_-]{22}");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(envFile)))
                .isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(state.resolve("secrets"))))
                .isEqualTo("rwx------");
    }

    @Test
    void jobControlTrustsTheSigningKeysOfTheFrontendAndTheWorker() {
        String trusted = env.get("JOBCTL_INTERNAL_AUTH_TRUSTED_KEYS");

        assertThat(trusted.split(","))
                .containsExactly(
                        "mcp-frontend:" + env.get("MCP_FRONTEND_SIGNING_KEY"),
                        "worker-pool:" + env.get("WORKER_POOL_SIGNING_KEY"));
        assertThat(env.get("TASKGATE_PAYLOAD_KEYS")).startsWith("local-1:");
    }

    @Test
    void theBrokerFilesFitTheComposeBroker() throws IOException {
        JsonNode kafka = Compose.services(Repo.compose()).get("kafka");
        Map<String, String> kafkaEnv = Compose.environment(kafka);
        String jaas = Files.readString(state.resolve("secrets/kafka-server-jaas.conf"));
        String adminClient = Files.readString(state.resolve("secrets/kafka-admin-client.properties"));
        String adminPassword =
                Files.readString(state.resolve("keys/kafka-admin.password")).strip();

        for (String listener : kafkaEnv.get("KAFKA_LISTENERS").split(",")) {
            String name = listener.substring(0, listener.indexOf(':')).toLowerCase(Locale.ROOT);
            assertThat(jaas).as("JAAS section of listener " + name).contains(name + ".KafkaServer {");
        }
        assertThat(jaas).contains("user_taskgate-admin=\"" + adminPassword + "\"");
        assertThat(adminClient).contains("username=\"taskgate-admin\" password=\"" + adminPassword + "\"");
        assertThat(kafkaEnv.get("KAFKA_SUPER_USERS")).isEqualTo("User:taskgate-admin;User:controller");
        assertThat(kafkaEnv.get("KAFKA_OPTS")).endsWith("=/run/secrets/kafka_server_jaas");
        for (String service : Repo.SERVICES) {
            String variable =
                    "KAFKA_PASSWORD_" + service.toUpperCase(Locale.ROOT).replace('-', '_');
            assertThat(Files.readString(state.resolve("secrets/kafka-users/kafka-" + service + ".password"))
                            .strip())
                    .as(service)
                    .isEqualTo(env.get(variable));
        }
        for (Path file :
                List.of(state.resolve("secrets/kafka-server-jaas.conf"), state.resolve("public/jwt-public.pem"))) {
            // the containers' users are not the caller: readable by all, inside the caller's private folder
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                    .isEqualTo("rw-r--r--");
        }
    }

    @Test
    void aSecondRunKeepsEnvAndTheKeys() throws Exception {
        String before = Files.readString(envFile);
        String payloadRing = Files.readString(state.resolve("keys/payload-keys"));

        Map.Entry<Integer, String> again = run(dir, Repo.ROOT);

        assertThat(again.getKey()).as(again.getValue()).isZero();
        assertThat(again.getValue()).contains("exists: kept");
        assertThat(Files.readString(envFile)).isEqualTo(before);
        assertThat(Files.readString(state.resolve("keys/payload-keys"))).isEqualTo(payloadRing);
    }

    @Test
    void anEnvExampleWithoutAGeneratedEntryIsRefused(@TempDir Path other) throws Exception {
        // a copy of the repository's parts compose-keys uses, with .env.example lacking one entry
        Path repo = Files.createDirectories(other.resolve("repo"));
        for (String part : List.of("bin", "tools/dev-token", "tools/service-key")) {
            copyTree(Repo.ROOT.resolve(part), repo.resolve(part));
        }
        Files.writeString(
                repo.resolve(".env.example"), Repo.read(".env.example").replace("WORKER_POOL_SIGNING_KEY=\n", ""));

        Map.Entry<Integer, String> result = run(other, repo);

        assertThat(result.getKey()).isNotZero();
        assertThat(result.getValue()).contains(".env.example lacks the entries WORKER_POOL_SIGNING_KEY");
        assertThat(other.resolve("env")).doesNotExist();
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (var paths = Files.walk(from)) {
            for (Path p : paths.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }
}
