import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;

/**
 * How many records a broker holds, as the sum of the log-end offsets of its partitions: {@code kafka_records} over the
 * stack's topics, {@code kafka_internal} over the broker's internal ones (the consumers' committed offsets,
 * transaction state). bin/bench takes it before and after a scenario; the difference is what the scenario wrote.
 * Authenticates as the broker's administrator (password in TASKGATE_KAFKA_ADMIN_PASSWORD), as KafkaSetup does; every
 * call times out after 30 s. Prints one line of key=value pairs.
 *
 * Usage: java -cp KAFKA_CLASSPATH tools/bench/KafkaRecords.java BOOTSTRAP
 */
public class KafkaRecords {
    public static void main(String[] args) throws Exception {
        String password = System.getenv("TASKGATE_KAFKA_ADMIN_PASSWORD");
        if (args.length != 1 || password == null || password.isBlank()) {
            System.err.println("usage: TASKGATE_KAFKA_ADMIN_PASSWORD=… KafkaRecords BOOTSTRAP");
            System.exit(2);
        }
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, args[0]);
        p.put(AdminClientConfig.SECURITY_PROTOCOL_CONFIG, "SASL_PLAINTEXT");
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "30000");
        p.put("sasl.mechanism", "SCRAM-SHA-512");
        p.put(
                "sasl.jaas.config",
                "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"taskgate-admin\""
                        + " password=\"" + password + "\";");
        try (Admin admin = Admin.create(p)) {
            var names = admin.listTopics(new ListTopicsOptions().listInternal(true))
                    .names()
                    .get(30, TimeUnit.SECONDS);
            Map<String, TopicDescription> topics =
                    admin.describeTopics(names).allTopicNames().get(30, TimeUnit.SECONDS);
            Map<TopicPartition, OffsetSpec> wanted = new HashMap<>();
            topics.values().forEach(t -> {
                for (TopicPartitionInfo partition : t.partitions()) {
                    wanted.put(new TopicPartition(t.name(), partition.partition()), OffsetSpec.latest());
                }
            });
            long stack = 0;
            long internal = 0;
            for (var e :
                    admin.listOffsets(wanted).all().get(30, TimeUnit.SECONDS).entrySet()) {
                if (topics.get(e.getKey().topic()).isInternal()) {
                    internal += e.getValue().offset();
                } else {
                    stack += e.getValue().offset();
                }
            }
            System.out.println("kafka_records=" + stack + " kafka_internal=" + internal);
        }
    }
}
