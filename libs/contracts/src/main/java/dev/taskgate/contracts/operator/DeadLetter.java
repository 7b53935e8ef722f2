package dev.taskgate.contracts.operator;

import java.time.Instant;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One record of a dead-letter topic as the operator sees it: where it is, where it came from and why it was
 * dead-lettered — never its value, which may carry sealed or personal data.
 *
 * @param topic           the dead-letter topic (full name, with the deployment prefix)
 * @param partition       its partition there
 * @param offset          its offset there
 * @param timestamp       the record's timestamp on the dead-letter topic
 * @param key             the record key (an execution id for most records), if any
 * @param sourceTopic     the topic it was consumed from, where a replay publishes it again
 * @param sourcePartition the partition it was consumed from ({@code dead-letter-partition}), if the header says
 * @param sourceOffset    the offset it had there ({@code dead-letter-offset}), if the header says
 * @param reason          the consumer's failure ({@code dead-letter-reason}), at most 512 characters, if any
 * @param cause           the failure's cause ({@code dead-letter-cause}), at most 512 characters, if any
 * @param messageType     the record type its {@code message-type} header names, if any
 * @param messageId       the {@code message-id} header, if any
 * @param replayedAt      when it was last replayed, absent if never
 * @param replays         how many times it was replayed (0 if never)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record DeadLetter(
        @JsonProperty("topic") String topic,
        @JsonProperty("partition") int partition,
        @JsonProperty("offset") long offset,
        @JsonProperty("timestamp") Instant timestamp,
        @JsonProperty("key") String key,
        @JsonProperty("sourceTopic") String sourceTopic,
        @JsonProperty("sourcePartition") Integer sourcePartition,
        @JsonProperty("sourceOffset") Long sourceOffset,
        @JsonProperty("reason") String reason,
        @JsonProperty("cause") String cause,
        @JsonProperty("messageType") String messageType,
        @JsonProperty("messageId") String messageId,
        @JsonProperty("replayedAt") Instant replayedAt,
        @JsonProperty("replays") int replays) {

    /** Longest reason or cause kept. */
    public static final int MAX_TEXT = 512;

    public DeadLetter {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(sourceTopic, "sourceTopic");
        reason = clip(reason);
        cause = clip(cause);
    }

    private static String clip(String text) {
        return text != null && text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text;
    }
}
