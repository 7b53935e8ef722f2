package dev.taskgate.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.Test;

import dev.taskgate.testsupport.TestInfra;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The test broker's topics, as the scripts set every Taskgate broker up (tools/kafka-broker/KafkaSetup.java), keep
 * their records exactly as long as schemas/kafka/topics.txt says (docs/kafka.md#retention): nothing is left to the
 * broker's default retention. Only reads configuration.
 */
class KafkaRetentionE2E {

    @Test
    void everyTopicHasTheRetentionAndSegmentTimeOfTopicsTxt() throws Exception {
        List<String[]> topics = topicsTxt();
        assertThat(topics).isNotEmpty();
        List<ConfigResource> resources = topics.stream()
                .map(t -> new ConfigResource(ConfigResource.Type.TOPIC, t[0]))
                .toList();
        try (Admin admin = Admin.create(TestInfra.kafkaAdmin())) {
            Map<ConfigResource, Config> configs =
                    admin.describeConfigs(resources).all().get(30, TimeUnit.SECONDS);
            for (String[] topic : topics) {
                Config config = configs.get(new ConfigResource(ConfigResource.Type.TOPIC, topic[0]));
                assertThat(config.get(TopicConfig.RETENTION_MS_CONFIG).value())
                        .as("%s retention.ms", topic[0])
                        .isEqualTo(topic[2]);
                assertThat(config.get(TopicConfig.SEGMENT_MS_CONFIG).value())
                        .as("%s segment.ms", topic[0])
                        .isEqualTo(topic[3]);
            }
        }
    }

    /** name, partitions, retention.ms, segment.ms per topic, from the copy of schemas/ on the classpath. */
    private static List<String[]> topicsTxt() throws IOException {
        try (InputStream in =
                KafkaRetentionE2E.class.getClassLoader().getResourceAsStream("taskgate-schemas/kafka/topics.txt")) {
            assertThat(in).as("topics.txt on the classpath").isNotNull();
            List<String[]> topics = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String trimmed = line.strip();
                if (!trimmed.isEmpty() && !trimmed.startsWith("#")) {
                    topics.add(trimmed.split("\\s+"));
                }
            }
            return topics;
        }
    }
}
