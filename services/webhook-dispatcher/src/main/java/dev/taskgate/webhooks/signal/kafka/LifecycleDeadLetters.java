package dev.taskgate.webhooks.signal.kafka;

import java.util.Map;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.StringSerializer;

import io.smallrye.common.annotation.Identifier;

import dev.taskgate.topicreader.ClientSettings;
import dev.taskgate.topicreader.DeadLetters;
import dev.taskgate.webhooks.WebhooksConfig;

/** Sends a lifecycle record this service cannot handle to {@code <lifecycle topic>.dlq} ({@link DeadLetters}). */
@ApplicationScoped
class LifecycleDeadLetters {
    private final DeadLetters<String> deadLetters;

    LifecycleDeadLetters(WebhooksConfig config, @Identifier("default-kafka-broker") Map<String, Object> kafkaSettings) {
        this.deadLetters = new DeadLetters<>(
                ClientSettings.connection(kafkaSettings),
                "webhook-dispatcher-dlq-" + config.instanceId(),
                new StringSerializer());
    }

    /**
     * Sends it and waits for the broker's acknowledgement.
     *
     * @throws KafkaException when the record could not be written; the caller handles it again later
     */
    void send(ConsumerRecord<String, String> record, Throwable failure) {
        deadLetters.send(record, failure);
    }

    @PreDestroy
    void close() {
        deadLetters.close();
    }
}
