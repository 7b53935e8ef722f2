package dev.taskgate.webhooks.signal.kafka;

import java.util.Map;
import java.util.Properties;

import org.apache.kafka.clients.CommonClientConfigs;

import dev.taskgate.serviceauth.KafkaClientSecurity;

/** The settings every Kafka client of this service starts from: the broker's address and the service's identity. */
final class KafkaSettings {
    private KafkaSettings() {}

    /**
     * @param kafkaSettings the service's {@code kafka.*} configuration without the prefix (Quarkus's
     *                      {@code default-kafka-broker} map)
     */
    static Properties client(Map<String, Object> kafkaSettings) {
        Properties p = new Properties();
        p.putAll(KafkaClientSecurity.of(kafkaSettings));
        p.put(
                CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG,
                kafkaSettings.get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG));
        return p;
    }
}
