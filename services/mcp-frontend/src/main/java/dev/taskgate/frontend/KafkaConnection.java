package dev.taskgate.frontend;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

import jakarta.inject.Singleton;

import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;

import io.smallrye.common.annotation.Identifier;

import dev.taskgate.serviceauth.KafkaClientSecurity;

/**
 * How this frontend's own Kafka clients reach the broker: its address ({@code taskgate.kafka.bootstrap}) and the
 * service's credentials (the {@code kafka.security.protocol}, {@code kafka.sasl.*} and {@code kafka.ssl.*} settings).
 */
@Singleton
public class KafkaConnection {
    private final Map<String, Object> settings;
    private final Map<String, Object> consumerSettings;

    KafkaConnection(FrontendConfig config, @Identifier("default-kafka-broker") Map<String, Object> kafkaSettings) {
        Map<String, Object> s = new HashMap<>(KafkaClientSecurity.of(kafkaSettings));
        s.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, config.kafkaBootstrap());
        this.settings = Map.copyOf(s);
        Object fetchMaxWait = kafkaSettings.get(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG);
        this.consumerSettings =
                fetchMaxWait == null ? Map.of() : Map.of(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, fetchMaxWait);
    }

    /** New client properties holding the address and the credentials; the caller adds its own settings. */
    public Properties properties() {
        Properties p = new Properties();
        p.putAll(settings);
        return p;
    }

    /** New consumer properties: those of {@link #properties()} and the deployment's {@code kafka.fetch.max.wait.ms}. */
    public Properties consumerProperties() {
        Properties p = properties();
        p.putAll(consumerSettings);
        return p;
    }
}
