package dev.taskgate.contracts.artifact;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What an artifact may be, checked alike by the child that saves it, the worker that forwards it and job-control
 * that stores it. Each check returns the reason a value is refused, or empty when it is acceptable.
 */
public final class ArtifactRules {
    /**
     * The largest content accepted: the {@code ArtifactSaved} record carries it in base64 (4/3 of the size) and
     * Kafka records must stay under the broker's 1 MB default.
     */
    public static final int MAX_CONTENT_BYTES = 512 * 1024;
    /** Longest name (it becomes the download file name). */
    public static final int MAX_NAME_LENGTH = 200;
    /** Longest retention key. */
    public static final int MAX_KEY_LENGTH = 512;

    // type/subtype with an optional charset parameter, lower case (RFC 6838 restricted-name characters)
    private static final Pattern MEDIA_TYPE = Pattern.compile(
            "[a-z0-9][a-z0-9!#$&^_.+-]{0,62}/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}(; ?charset=[A-Za-z0-9._-]{1,40})?");
    // printable ASCII without space, quote, backslash: safe in a query string once encoded and in log lines
    private static final Pattern KEY = Pattern.compile("[\\x21\\x23-\\x5B\\x5D-\\x7E]+");

    private ArtifactRules() {}

    /** Why {@code name} is refused: empty, too long, a path, or holding control characters or quotes. */
    public static Optional<String> nameViolation(String name) {
        if (name == null || name.isBlank()) {
            return Optional.of("an artifact needs a non-blank name");
        }
        if (name.length() > MAX_NAME_LENGTH) {
            return Optional.of("an artifact name has at most " + MAX_NAME_LENGTH + " characters");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c == 0x7F || c == '/' || c == '\\' || c == '"') {
                return Optional.of("an artifact name must not contain control characters, slashes or quotes");
            }
        }
        return Optional.empty();
    }

    /** Why {@code mediaType} is refused: not a lower-case {@code type/subtype} with at most a charset. */
    public static Optional<String> mediaTypeViolation(String mediaType) {
        if (mediaType == null || !MEDIA_TYPE.matcher(mediaType).matches()) {
            return Optional.of("an artifact media type must be a lower-case type/subtype (optionally '; charset=...'),"
                    + " e.g. 'image/svg+xml'");
        }
        return Optional.empty();
    }

    /** Why {@code key} is refused: empty, too long, or not printable ASCII without spaces, quotes or backslashes. */
    public static Optional<String> keyViolation(String key) {
        if (key == null
                || key.isEmpty()
                || key.length() > MAX_KEY_LENGTH
                || !KEY.matcher(key).matches()) {
            return Optional.of("an artifact key has 1 to " + MAX_KEY_LENGTH
                    + " printable ASCII characters without spaces, quotes or backslashes");
        }
        return Optional.empty();
    }

    /** Why content of {@code size} bytes is refused: over {@link #MAX_CONTENT_BYTES}. */
    public static Optional<String> sizeViolation(long size) {
        if (size > MAX_CONTENT_BYTES) {
            return Optional.of("an artifact holds at most " + MAX_CONTENT_BYTES + " bytes (" + MAX_CONTENT_BYTES / 1024
                    + " KiB); this one has " + size);
        }
        return Optional.empty();
    }

    /** Why {@code workspace} is refused: not {@code <org>/<project>}. */
    public static Optional<String> workspaceViolation(String workspace) {
        if (workspace == null || !workspace.matches("[^/\\s]+/[^/\\s]+")) {
            return Optional.of("a workspace is '<org>/<project>'");
        }
        return Optional.empty();
    }
}
