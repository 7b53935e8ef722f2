package dev.taskgate.webhooks.signal.kafka;

import java.util.Map;
import java.util.Properties;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.common.annotation.Identifier;

import dev.taskgate.topicreader.ClientSettings;
import dev.taskgate.webhooks.WebhooksConfig;

/**
 * Reads {@code taskgate.lifecycle.v1} in the group {@code webhook-dispatcher} from start to stop
 * ({@link BatchingTopicReader}, the records to {@link LifecycleConsumer}), with the consumer's metrics on
 * {@code /q/metrics}. Live while its reader runs.
 */
@ApplicationScoped
@Liveness
class LifecycleIntake implements HealthCheck {
    /**
     * A SIGKILLed instance's partitions move to a live (or restarted) instance within 6 s instead of Kafka's default
     * 45 s: until then the rebalance waits for the dead member and no lifecycle record of its partitions is delivered
     * (WebhookDeliveryE2E measured 40 s from the restart of a killed dispatcher to its first record). A heartbeat every
     * 2 s keeps a live instance well inside the session; as job-control's shared groups and worker-pool's work group.
     */
    static final int SESSION_TIMEOUT_MS = 6_000;

    static final int HEARTBEAT_INTERVAL_MS = 2_000;

    private final WebhooksConfig config;
    private final Map<String, Object> kafkaSettings;
    private final LifecycleConsumer consumer;
    private final MeterRegistry registry;
    private volatile BatchingTopicReader reader;
    private KafkaClientMetrics metrics;

    LifecycleIntake(
            WebhooksConfig config,
            @Identifier("default-kafka-broker") Map<String, Object> kafkaSettings,
            LifecycleConsumer consumer,
            MeterRegistry registry) {
        this.config = config;
        this.kafkaSettings = kafkaSettings;
        this.consumer = consumer;
        this.registry = registry;
    }

    void start(@Observes StartupEvent started) {
        reader = new BatchingTopicReader(
                config.lifecycleTopic(), properties(), consumer::handle, config.lifecycleBatchWindow(), this::bind);
        reader.start();
    }

    void stop(@Observes ShutdownEvent stopping) throws InterruptedException {
        if (reader != null) {
            reader.stop();
        }
        synchronized (this) {
            if (metrics != null) {
                metrics.close();
            }
        }
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("lifecycle-reader")
                .status(reader != null && reader.alive())
                .build();
    }

    private synchronized void bind(KafkaConsumer<String, String> kafkaConsumer) {
        metrics = new KafkaClientMetrics(kafkaConsumer);
        metrics.bindTo(registry);
    }

    private Properties properties() {
        Properties p = ClientSettings.consumer(kafkaSettings);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, config.lifecycleGroup());
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, "webhook-dispatcher-lifecycle-" + config.instanceId());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, SESSION_TIMEOUT_MS);
        p.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, HEARTBEAT_INTERVAL_MS);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        return p;
    }
}
