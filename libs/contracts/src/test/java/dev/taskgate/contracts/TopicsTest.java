package dev.taskgate.contracts;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link Topics} and {@code schemas/kafka/topics.txt}, from which deployments create the topics, agree. */
class TopicsTest {

    private static List<String> constants() {
        List<String> names = new ArrayList<>();
        for (Field field : Topics.class.getDeclaredFields()) {
            int modifiers = field.getModifiers();
            if (Modifier.isPublic(modifiers) && Modifier.isStatic(modifiers) && field.getType() == String.class) {
                try {
                    names.add((String) field.get(null));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return names;
    }

    /** name → partitions, in file order; comments and blank lines skipped. */
    private static Map<String, String> topicsFile() {
        Map<String, String> topics = new LinkedHashMap<>();
        topicLines().forEach(parts -> topics.put(parts[0], parts[1]));
        return topics;
    }

    /** Every topic line, split: name, partitions, retention.ms, segment.ms. */
    private static List<String[]> topicLines() {
        List<String[]> lines = new ArrayList<>();
        Set<String> names = new HashSet<>();
        String text = new String(SchemaFiles.bytes("kafka/topics.txt"), StandardCharsets.UTF_8);
        for (String line : text.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            String[] parts = trimmed.split("\\s+");
            assertThat(parts)
                    .as("line '%s' is 'name partitions retention.ms segment.ms'", line)
                    .hasSize(4);
            assertThat(names.add(parts[0])).as("%s listed twice", parts[0]).isTrue();
            lines.add(parts);
        }
        return lines;
    }

    @Test
    void everyTopicHasABoundedRetentionAndSegmentsThatRollWithinIt() {
        assertThat(topicLines()).allSatisfy(parts -> {
            long retention = Long.parseLong(parts[2]);
            long segment = Long.parseLong(parts[3]);
            assertThat(retention).as("%s retention.ms", parts[0]).isBetween(60_000L, 7 * 86_400_000L);
            assertThat(segment).as("%s segment.ms", parts[0]).isBetween(60_000L, retention);
        });
    }

    @Test
    void everyTopicConstantIsCreatedByDeployments() {
        assertThat(constants()).isNotEmpty();
        assertThat(topicsFile().keySet()).containsAll(constants());
    }

    @Test
    void everyListedTopicIsAConstantOrItsDeadLetterTopic() {
        List<String> constants = constants();
        assertThat(topicsFile().keySet())
                .allSatisfy(name -> assertThat(constants.contains(name)
                                || name.endsWith(".dlq") && constants.contains(name.substring(0, name.length() - 4)))
                        .as("%s is a Topics constant or <constant>.dlq", name)
                        .isTrue());
    }

    @Test
    void everyTopicHasAPositivePartitionCount() {
        assertThat(topicsFile().values())
                .allSatisfy(p -> assertThat(Integer.parseInt(p)).isPositive());
    }

    @Test
    void everyTopicsConstantNamesAMajorVersion() {
        assertThat(constants()).allSatisfy(name -> assertThat(name).matches("taskgate\\.[a-z-]+\\.v[1-9][0-9]*"));
    }

    @Test
    void everySchemaFolderIsATopic() {
        List<String> folders = SchemaFiles.files("kafka", ".schema.json").stream()
                .filter(p -> p.chars().filter(c -> c == '/').count() == 2)
                .map(p -> p.split("/")[1])
                .distinct()
                .toList();
        assertThat(constants()).containsAll(folders);
        assertThat(folders)
                .containsExactlyInAnyOrderElementsOf(Arrays.asList(constants().toArray(String[]::new)));
    }
}
