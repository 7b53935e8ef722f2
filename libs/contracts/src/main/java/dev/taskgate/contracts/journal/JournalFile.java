package dev.taskgate.contracts.journal;

import java.util.Objects;
import java.util.regex.Pattern;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One file a rewrite plan changes, as the transaction journal records it: enough to tell afterwards, from the
 * file alone, whether the change was applied (its content hashes to {@code postImageHash}), not applied
 * ({@code preImageHash}) or something else.
 *
 * @param path          the file, relative to the operation's root, in normalised '/' form (no {@code ..}, no leading
 *                      '/')
 * @param preImageHash  {@code sha256:<hex>} of the content before the change
 * @param postImageHash {@code sha256:<hex>} of the content the plan writes; differs from {@code preImageHash}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record JournalFile(
        @JsonProperty("path") String path,
        @JsonProperty("preImageHash") String preImageHash,
        @JsonProperty("postImageHash") String postImageHash) {

    /** The form of every content and plan hash. */
    public static final Pattern HASH = Pattern.compile("sha256:[0-9a-f]{64}");

    public JournalFile {
        Objects.requireNonNull(path, "path");
        requireHash(preImageHash, "preImageHash");
        requireHash(postImageHash, "postImageHash");
        if (path.isEmpty() || path.startsWith("/") || path.contains("\\") || path.contains("\0")) {
            throw new IllegalArgumentException("path must be relative in '/' form: " + path);
        }
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                throw new IllegalArgumentException("path must be normalised without '.' or '..': " + path);
            }
        }
        if (preImageHash.equals(postImageHash)) {
            throw new IllegalArgumentException("a journaled file must change: " + path);
        }
    }

    /** Checks that {@code value} is a {@code sha256:<hex>} hash. */
    public static String requireHash(String value, String name) {
        Objects.requireNonNull(value, name);
        if (!HASH.matcher(value).matches()) {
            throw new IllegalArgumentException(name + " must be sha256:<64 lowercase hex digits>");
        }
        return value;
    }
}
