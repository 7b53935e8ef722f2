package dev.taskgate.frontend.auth;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import jakarta.json.JsonArray;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * The token's {@code workspaces} claim (design.md "Authorization"): an optional JSON array of 1–100 workspace ids,
 * each {@code <org_id>/<project_id>} (no spaces or further slashes, at most 255 characters), naming the workspaces
 * the principal may use. Absent means "the token's own {@code org_id}/{@code project_id} only". Anything else —
 * not an array, an empty array, a non-string or malformed entry, too many entries — makes the whole token
 * unusable (401): guessing what a broken grant meant could widen access.
 */
public final class WorkspaceGrants {
    /** Most entries one claim may carry. */
    public static final int MAX_ENTRIES = 100;

    private static final Pattern WORKSPACE = Pattern.compile("[^/\\s]{1,127}/[^/\\s]{1,127}");

    private WorkspaceGrants() {}

    /** The granted workspaces; empty when the claim is absent; throws {@link MalformedClaimException}. */
    public static Optional<Set<String>> parse(Object claim) {
        if (claim == null) {
            return Optional.empty();
        }
        if (!(claim instanceof JsonArray)) {
            throw new MalformedClaimException("workspaces must be a JSON array of \"org/project\" strings");
        }
        JsonArray array = (JsonArray) claim;
        if (array.isEmpty() || array.size() > MAX_ENTRIES) {
            throw new MalformedClaimException("workspaces must hold 1 to " + MAX_ENTRIES + " entries");
        }
        Set<String> grants = new LinkedHashSet<>();
        for (JsonValue value : array) {
            if (value.getValueType() != JsonValue.ValueType.STRING
                    || !WORKSPACE.matcher(((JsonString) value).getString()).matches()) {
                throw new MalformedClaimException("every workspaces entry must be an \"org/project\" string");
            }
            grants.add(((JsonString) value).getString());
        }
        return Optional.of(Set.copyOf(grants));
    }

    /** A {@code workspaces} claim that is present but not in the documented format. */
    public static final class MalformedClaimException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MalformedClaimException(String message) {
            super(message, null, false, false);
        }
    }
}
