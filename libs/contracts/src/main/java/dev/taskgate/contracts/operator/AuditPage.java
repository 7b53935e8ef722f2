package dev.taskgate.contracts.operator;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One page of a project's audit log, newest first.
 *
 * @param items      the entries of this page
 * @param nextCursor opaque cursor of the next page; absent on the last page
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record AuditPage(
        @JsonProperty("items") List<AuditEntry> items,
        @JsonProperty("nextCursor") String nextCursor) {

    public AuditPage {
        items = items == null ? List.of() : List.copyOf(items);
    }
}
