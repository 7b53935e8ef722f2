package dev.taskgate.frontend.mcp.progress;

import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;

import jakarta.inject.Singleton;

import org.apache.kafka.clients.consumer.ConsumerRecord;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Topics;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.LogMessage;
import dev.taskgate.contracts.event.Progress;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.kafka.InstanceRecordHandlers;
import dev.taskgate.frontend.kafka.InstanceTopics;

/**
 * Handles the records of {@code taskgate.progress.v1} (progress and log messages) and {@code taskgate.lifecycle.v1},
 * read by {@link InstanceTopics} (every partition, from the end), and routes the records of watched executions
 * through {@link ExecutionSignals}. Both are hints: a waiting request also polls job-control slowly, so a lost record
 * delays an answer but never loses it. Records are keyed by execution id, so records of unwatched executions are
 * skipped without parsing, except for a lifecycle record's {@code state}: the ids of decisive changes are remembered
 * for requests that start watching after the record went by ({@link ExecutionSignals#decisiveChangeSeen}). The
 * outcome a watched execution's terminal record carries is opened and handed to the watch ({@link CarriedOutcomes}).
 */
@Singleton
public class SignalConsumers implements InstanceRecordHandlers {
    private final String progressTopic;
    private final String lifecycleTopic;
    private final ExecutionSignals signals;
    private final LifecycleFeed feed;
    private final CarriedOutcomes outcomes;

    SignalConsumers(FrontendConfig config, ExecutionSignals signals, LifecycleFeed feed, CarriedOutcomes outcomes) {
        this.signals = signals;
        this.feed = feed;
        this.outcomes = outcomes;
        String prefix = config.topicPrefix().orElse("");
        this.progressTopic = prefix + Topics.PROGRESS;
        this.lifecycleTopic = prefix + Topics.LIFECYCLE;
    }

    @Override
    public Map<String, Consumer<ConsumerRecord<String, byte[]>>> handlers() {
        return Map.of(progressTopic, this::onProgress, lifecycleTopic, this::onLifecycle);
    }

    void onProgress(ConsumerRecord<String, byte[]> record) {
        if (!watched(record.key())) {
            return;
        }
        // the topic carries Progress (a WorkerEvent) and LogMessage records, told apart by their type
        JsonNode value = Wire.fromBytes(record.value(), JsonNode.class);
        if (LogMessage.TYPE.equals(value.path("type").asText())) {
            signals.log(Wire.mapper().convertValue(value, LogMessage.class));
            return;
        }
        WorkerEvent event = Wire.mapper().convertValue(value, WorkerEvent.class);
        if (event instanceof Progress) {
            signals.progress((Progress) event);
        }
    }

    void onLifecycle(ConsumerRecord<String, byte[]> record) {
        UUID executionId = executionId(record.key());
        if (executionId != null && ExecutionSignals.isDecisive(LifecycleStatePeek.of(record.value()))) {
            signals.decisiveChangeRead(executionId); // before the watch lookup: ExecutionSignals' invariant
        }
        boolean watched = executionId != null && signals.isWatched(executionId);
        boolean listened = feed.wanted();
        if (!watched && !listened) {
            return;
        }
        ExecutionChanged changed = Wire.fromBytes(record.value(), ExecutionChanged.class);
        if (watched) {
            signals.changed(changed, outcomes.open(changed));
        }
        if (listened) {
            feed.publish(changed); // 2025-era listen streams follow executions by owner
        }
    }

    private boolean watched(String key) {
        UUID executionId = executionId(key);
        return executionId != null && signals.isWatched(executionId);
    }

    private static UUID executionId(String key) {
        if (key == null) {
            return null;
        }
        try {
            return UUID.fromString(key);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
