package dev.taskgate.serviceauth;

import java.util.Map;
import java.util.TreeMap;

/**
 * The part of a service's Kafka settings that says who it is to the broker: {@code security.protocol} and every
 * {@code sasl.*} and {@code ssl.*} setting. Clients a service builds by hand (beside the messaging channels, which get
 * them from the {@code kafka.*} configuration) take exactly these, so that none of them connects anonymously.
 */
public final class KafkaClientSecurity {

    private KafkaClientSecurity() {}

    /**
     * @param kafkaSettings the service's Kafka settings without the {@code kafka.} prefix (Quarkus's
     *                      {@code default-kafka-broker} map)
     * @return the identity settings among them, in name order
     */
    public static Map<String, Object> of(Map<String, ?> kafkaSettings) {
        Map<String, Object> security = new TreeMap<>();
        kafkaSettings.forEach((name, value) -> {
            if (name.equals("security.protocol") || name.startsWith("sasl.") || name.startsWith("ssl.")) {
                security.put(name, value);
            }
        });
        return security;
    }
}
