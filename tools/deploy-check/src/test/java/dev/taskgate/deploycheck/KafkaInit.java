package dev.taskgate.deploycheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What the Compose stack's Kafka set-up (deploy/compose/kafka-init.sh) asks the broker for, and what
 * tools/kafka-broker/KafkaSetup.java grants the local stack from the same files. The script runs for real, with bash,
 * against stand-ins of the broker's tools that record every call (one line: tool, then the arguments, tab-separated).
 */
final class KafkaInit {
    private static final String STUB = """
            #!/usr/bin/env bash
            { printf '%s' "$(basename "$0")"; printf '\\t%s' "$@"; printf '\\n'; } >> "$STUB_LOG"
            # --describe --topic NAME: answer the partition count topics.txt lists for NAME (without the prefix)
            if [[ " $* " == *" --describe "* ]]; then
              topic=""; prev=""
              for a in "$@"; do [ "$prev" = "--topic" ] && topic=$a; prev=$a; done
              name=${topic#"$TASKGATE_TOPIC_PREFIX"}
              awk -v n="$name" '$1 == n { print "Topic: " n "\\tPartitionCount: " $2 }' "$TASKGATE_TOPICS_FILE"
            fi
            """;

    private KafkaInit() {}

    /** Runs {@code script} (a kafka-init.sh) for {@code prefix} with passwords for {@code users}; its recorded calls. */
    static List<String> calls(String script, String prefix, List<String> users) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("kafka-init-");
            Path bin = Files.createDirectories(dir.resolve("bin"));
            for (String tool : List.of("kafka-topics.sh", "kafka-configs.sh", "kafka-acls.sh")) {
                Path stub = bin.resolve(tool);
                Files.writeString(stub, STUB);
                Files.setPosixFilePermissions(stub, PosixFilePermissions.fromString("rwx------"));
            }
            Path usersDir = Files.createDirectories(dir.resolve("users"));
            for (String user : users) {
                Files.writeString(usersDir.resolve("kafka-" + user + ".password"), "pw-" + user + "\n");
            }
            Path scriptFile = dir.resolve("kafka-init.sh");
            Files.writeString(scriptFile, script);
            Path log = dir.resolve("calls.log");
            Files.writeString(log, "");
            ProcessBuilder pb = new ProcessBuilder("bash", scriptFile.toString()).redirectErrorStream(true);
            pb.environment().put("KAFKA_BIN", bin.toString());
            pb.environment().put("KAFKA_ADMIN_BOOTSTRAP", "kafka:9094");
            pb.environment().put("KAFKA_ADMIN_CONFIG", "/run/secrets/admin");
            pb.environment()
                    .put(
                            "TASKGATE_TOPICS_FILE",
                            Repo.ROOT.resolve("schemas/kafka/topics.txt").toString());
            pb.environment()
                    .put(
                            "TASKGATE_ACLS_FILE",
                            Repo.ROOT.resolve("schemas/kafka/acls.txt").toString());
            pb.environment().put("TASKGATE_KAFKA_USERS_DIR", usersDir.toString());
            pb.environment().put("TASKGATE_TOPIC_PREFIX", prefix);
            pb.environment().put("STUB_LOG", log.toString());
            Process p = pb.start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("kafka-init.sh failed:\n" + output);
            }
            return Files.readAllLines(log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            delete(dir);
        }
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The calls that grant what KafkaSetup grants from topics.txt and acls.txt for {@code prefix}: per topic a create
     * with its partitions and configs, a describe, a config update; per user its SCRAM-SHA-512 password; per ACL line
     * one grant. Written independently of the script, from the two files' documented format.
     */
    static List<String> expected(String topicsFile, String aclsFile, String prefix, List<String> users) {
        String connect = "\t--bootstrap-server\tkafka:9094\t--command-config\t/run/secrets/admin";
        List<String> calls = new ArrayList<>();
        for (String[] f : entries(topicsFile)) {
            String topic = prefix + f[0];
            calls.add("kafka-topics.sh" + connect + "\t--create\t--if-not-exists\t--topic\t" + topic
                    + "\t--partitions\t"
                    + f[1] + "\t--replication-factor\t1\t--config\tretention.ms=" + f[2] + "\t--config\tsegment.ms="
                    + f[3]);
            calls.add("kafka-topics.sh" + connect + "\t--describe\t--topic\t" + topic);
            calls.add("kafka-configs.sh" + connect + "\t--alter\t--entity-type\ttopics\t--entity-name\t" + topic
                    + "\t--add-config\tretention.ms=" + f[2] + ",segment.ms=" + f[3]);
        }
        for (String user : users.stream().sorted().toList()) {
            calls.add("kafka-configs.sh" + connect + "\t--alter\t--entity-type\tusers\t--entity-name\t" + user
                    + "\t--add-config\tSCRAM-SHA-512=[iterations=4096,password=pw-" + user + "]");
        }
        for (String[] f : entries(aclsFile)) {
            String resource = switch (f[2]) {
                case "TOPIC" -> "--topic";
                case "GROUP" -> "--group";
                default -> throw new IllegalArgumentException("resource type " + f[2]);
            };
            calls.add("kafka-acls.sh" + connect + "\t--add\t--allow-principal\tUser:" + f[0] + "\t--operation\t" + f[1]
                    + "\t--resource-pattern-type\t" + f[3].toLowerCase(Locale.ROOT) + "\t" + resource + "\t"
                    + f[4].replace("{prefix}", prefix));
        }
        return calls;
    }

    private static List<String[]> entries(String file) {
        List<String[]> lines = new ArrayList<>();
        for (String line : file.split("\n")) {
            String l = line.strip();
            if (!l.isEmpty() && !l.startsWith("#")) {
                lines.add(l.split("\\s+"));
            }
        }
        return lines;
    }
}
