package dev.taskgate.contracts.operator;

import java.util.List;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What a replay of dead-lettered records did: each one published again to its source topic.
 *
 * @param items one per replayed record, in offset order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record DeadLetterReplays(@JsonProperty("items") List<Replayed> items) {

    public DeadLetterReplays {
        items = items == null ? List.of() : List.copyOf(items);
    }

    /**
     * One replayed record.
     *
     * @param topic        the dead-letter topic
     * @param partition    its partition there
     * @param offset       its offset there
     * @param sourceTopic  the topic it was published to again
     * @param replayedTo   the partition and offset it got there, {@code <partition>/<offset>}
     * @param replays      how many times it has now been replayed (2 or more only when forced)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Replayed(
            @JsonProperty("topic") String topic,
            @JsonProperty("partition") int partition,
            @JsonProperty("offset") long offset,
            @JsonProperty("sourceTopic") String sourceTopic,
            @JsonProperty("replayedTo") String replayedTo,
            @JsonProperty("replays") int replays) {

        public Replayed {
            Objects.requireNonNull(topic, "topic");
            Objects.requireNonNull(sourceTopic, "sourceTopic");
        }
    }
}
