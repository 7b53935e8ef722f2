package dev.taskgate.contracts.checkpoint;

import java.util.Objects;
import java.util.regex.Pattern;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The latest intermediate frontier of an execution, as job-control hands it to a replacement in
 * {@code RunOperation.checkpoint}. The MAC is made by job-control with the checkpoint key over the execution id,
 * sequence, revision and frontier text; the worker checks it before the operation sees the frontier, and the
 * operation starts afresh unless the source still has this revision.
 *
 * @param sequence increasing per execution across epochs, from 1
 * @param revision the source revision the frontier was computed on (e.g. a content hash of what was read)
 * @param frontier the operation's own JSON text, exactly as it saved it
 * @param mac      {@code hmac-sha256:<hex>}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record FrontierCheckpoint(
        @JsonProperty("sequence") long sequence,
        @JsonProperty("revision") String revision,
        @JsonProperty("frontier") String frontier,
        @JsonProperty("mac") String mac) {

    private static final Pattern MAC = Pattern.compile("hmac-sha256:[0-9a-f]{64}");

    public FrontierCheckpoint {
        Objects.requireNonNull(revision, "revision");
        Objects.requireNonNull(frontier, "frontier");
        Objects.requireNonNull(mac, "mac");
        if (sequence < 1) {
            throw new IllegalArgumentException("sequence starts at 1");
        }
        if (!MAC.matcher(mac).matches()) {
            throw new IllegalArgumentException("mac must be hmac-sha256:<64 lowercase hex digits>");
        }
    }
}
