package dev.taskgate.contracts.operator;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One page of dead-lettered records, by topic, partition and offset.
 *
 * @param items      the records of this page, oldest first within each partition
 * @param nextCursor where the next page starts ({@code <topic>/<partition>/<offset>}); absent on the last page
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record DeadLetterPage(
        @JsonProperty("items") List<DeadLetter> items,
        @JsonProperty("nextCursor") String nextCursor) {

    public DeadLetterPage {
        items = items == null ? List.of() : List.copyOf(items);
    }
}
