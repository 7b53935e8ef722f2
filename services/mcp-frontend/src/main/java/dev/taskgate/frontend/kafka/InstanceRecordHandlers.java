package dev.taskgate.frontend.kafka;

import java.util.Map;
import java.util.function.Consumer;

import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * What to do with the records of topics that only concern the requests open on this instance, read by
 * {@link InstanceTopics}: one handler per topic (its name with the deployment's prefix). A handler runs on the
 * reader's one thread, which serves every such topic, so it only hands a record over and never blocks; an exception it
 * throws skips that record.
 */
public interface InstanceRecordHandlers {
    /** The handler of each topic this bean reads. */
    Map<String, Consumer<ConsumerRecord<String, byte[]>>> handlers();
}
