package dev.taskgate.claims;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

import jakarta.json.JsonArray;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * The token's {@code workspaces} claim: an optional JSON array of 1–100 workspace ids, each {@code <org_id>/<project_id>}
 * (exactly one {@code /}, no whitespace, each half an {@link IdentityClaims#checkWorkspacePart acceptable} org or
 * project), naming the workspaces the principal may use. Absent means "the token's own {@code org_id}/{@code
 * project_id} only". Anything else — not an array, an empty array, a non-string or malformed entry, too many
 * entries — makes the whole token unusable (401): guessing what a broken grant meant could widen access.
 */
public final class WorkspaceGrants {
    /** The claim's name. */
    public static final String CLAIM = "workspaces";
    /** Most entries one claim may carry. */
    public static final int MAX_ENTRIES = 100;

    private WorkspaceGrants() {}

    /** The granted workspaces; empty when the claim is absent; throws {@link InvalidClaimException}. */
    public static Optional<Set<String>> parse(Object claim) {
        if (claim == null) {
            return Optional.empty();
        }
        if (!(claim instanceof JsonArray)) {
            throw new InvalidClaimException(CLAIM, "must be a JSON array of \"org/project\" strings");
        }
        JsonArray array = (JsonArray) claim;
        if (array.isEmpty() || array.size() > MAX_ENTRIES) {
            throw new InvalidClaimException(CLAIM, "must hold 1 to " + MAX_ENTRIES + " entries");
        }
        Set<String> grants = new LinkedHashSet<>();
        for (JsonValue value : array) {
            if (value.getValueType() != JsonValue.ValueType.STRING || !isWorkspace(((JsonString) value).getString())) {
                throw new InvalidClaimException(CLAIM, "entries must be \"org/project\" strings");
            }
            grants.add(((JsonString) value).getString());
        }
        return Optional.of(Set.copyOf(grants));
    }

    private static boolean isWorkspace(String entry) {
        int slash = entry.indexOf('/');
        if (slash < 0 || entry.chars().anyMatch(Character::isWhitespace)) {
            return false;
        }
        try {
            IdentityClaims.checkWorkspacePart("org_id", entry.substring(0, slash));
            IdentityClaims.checkWorkspacePart("project_id", entry.substring(slash + 1));
            return true;
        } catch (InvalidClaimException e) {
            return false;
        }
    }
}
