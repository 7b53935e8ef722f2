package dev.taskgate.topicreader;

import java.util.Map;
import java.util.Properties;

import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;

import dev.taskgate.serviceauth.KafkaClientSecurity;

/** What a Kafka client a service builds by hand starts from, taken from the service's {@code kafka.*} settings. */
public final class ClientSettings {
    private ClientSettings() {}

    /**
     * The broker's address and the service's identity ({@link KafkaClientSecurity}), as the messaging channels have
     * them.
     *
     * @param kafkaSettings the service's Kafka settings without the {@code kafka.} prefix (Quarkus's
     *                      {@code default-kafka-broker} map)
     */
    public static Properties connection(Map<String, ?> kafkaSettings) {
        Properties p = new Properties();
        p.putAll(KafkaClientSecurity.of(kafkaSettings));
        p.put(
                CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG,
                kafkaSettings.get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG));
        return p;
    }

    /** {@link #connection}, and the deployment's {@code fetch.max.wait.ms} when it sets one. */
    public static Properties consumer(Map<String, ?> kafkaSettings) {
        Properties p = connection(kafkaSettings);
        Object fetchMaxWait = kafkaSettings.get(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG);
        if (fetchMaxWait != null) {
            p.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, fetchMaxWait);
        }
        return p;
    }
}
