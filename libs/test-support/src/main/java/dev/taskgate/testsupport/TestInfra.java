package dev.taskgate.testsupport;

import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.GroupListing;

/**
 * Where the PostgreSQL and Kafka started by {@code bin/test} listen. Surefire and failsafe pass the
 * ports as system properties; the defaults match {@code bin/test}.
 */
public final class TestInfra {
    private TestInfra() {}

    /** The test broker's port. */
    public static int kafkaPort() {
        return Integer.getInteger("taskgate.test.kafka.port", 61092);
    }

    /** The test broker's bootstrap address (loopback only). */
    public static String kafkaBootstrap() {
        return "127.0.0.1:" + kafkaPort();
    }

    /** The test broker's administrator, a super user: test code reads and writes every topic as it. */
    public static final String KAFKA_ADMIN = "taskgate-admin";

    /**
     * The published, insecure password of a user of the test broker: the rule of {@code kafka_dev_password} in
     * {@code bin/lib/kafka.sh}, which gives the broker's users these passwords, and of the services' %test profiles.
     */
    public static String kafkaDevPassword(String user) {
        return "dev-insecure-kafka-" + user;
    }

    /** Client properties that reach the test broker as {@code user} (SASL/SCRAM-SHA-512, its development password). */
    public static Properties kafkaClient(String user) {
        Properties p = new Properties();
        p.put("bootstrap.servers", kafkaBootstrap());
        p.put("security.protocol", "SASL_PLAINTEXT");
        p.put("sasl.mechanism", "SCRAM-SHA-512");
        p.put(
                "sasl.jaas.config",
                "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"" + user + "\" password=\""
                        + kafkaDevPassword(user) + "\";");
        return p;
    }

    /** Client properties that reach the test broker as its administrator. */
    public static Properties kafkaAdmin() {
        return kafkaClient(KAFKA_ADMIN);
    }

    /** The ids of every consumer group the test broker knows now. */
    public static List<String> kafkaGroupIds() throws Exception {
        try (Admin admin = Admin.create(kafkaAdmin())) {
            return admin.listGroups().all().get(30, TimeUnit.SECONDS).stream()
                    .map(GroupListing::groupId)
                    .toList();
        }
    }

    /** The test PostgreSQL cluster's port. */
    public static int pgPort() {
        return Integer.getInteger("taskgate.test.pg.port", 61432);
    }
}
