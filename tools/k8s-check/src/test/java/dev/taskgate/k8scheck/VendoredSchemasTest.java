package dev.taskgate.k8scheck;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The vendored schemas are exactly the pinned files: each listed in vendor/README.md with its SHA-256. */
class VendoredSchemasTest {
    @Test
    void everyVendoredFileIsPinned() throws IOException, NoSuchAlgorithmException {
        Map<String, String> listed = new TreeMap<>();
        Matcher line = Pattern.compile("(?m)^([0-9a-f]{64})  (\\S+)$")
                .matcher(Files.readString(Repository.VENDOR.resolve("README.md")));
        while (line.find()) {
            listed.put(line.group(2), line.group(1));
        }
        Map<String, String> actual = new TreeMap<>();
        try (Stream<Path> files = Files.walk(Repository.VENDOR)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String relative = Repository.VENDOR.relativize(file).toString();
                if (!relative.equals("README.md")) {
                    byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file));
                    actual.put(relative, HexFormat.of().formatHex(digest));
                }
            }
        }

        assertThat(actual).isEqualTo(listed);
        assertThat(SchemaCatalog.kinds())
                .contains(
                        "kafka.strimzi.io/v1/Kafka",
                        "kafka.strimzi.io/v1/KafkaNodePool",
                        "kafka.strimzi.io/v1/KafkaTopic",
                        "kafka.strimzi.io/v1/KafkaUser",
                        "postgresql.cnpg.io/v1/Cluster",
                        "keda.sh/v1alpha1/ScaledObject",
                        "apps/v1/Deployment");
    }
}
