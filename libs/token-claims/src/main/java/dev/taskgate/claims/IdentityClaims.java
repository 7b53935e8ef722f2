package dev.taskgate.claims;

import java.nio.charset.StandardCharsets;

/**
 * The rules for the claims a principal and its workspace are made of. They travel into HTTP headers, log lines,
 * handle MACs and Kafka records, so they must be printable text of bounded size: no control, format or line/paragraph
 * separator characters (CR, LF and DEL included), no unassigned code points, no unpaired UTF-16 surrogates, never
 * empty. {@code org_id} and {@code project_id} are the two halves of the workspace id {@code org/project}, so they may
 * not contain {@code /}.
 *
 * <p>An absent claim ({@code null}) is not this class's business: each edge already answers a missing claim its own
 * way (the uniform 404 on a REST path, 401 on MCP).
 */
public final class IdentityClaims {
    /** Longest accepted {@code sub}, in UTF-8 bytes. */
    public static final int MAX_SUBJECT_BYTES = 256;
    /** Longest accepted {@code org_id} or {@code project_id}, in UTF-8 bytes. */
    public static final int MAX_WORKSPACE_PART_BYTES = 128;

    private IdentityClaims() {}

    /** Checks the claims that are present; throws {@link InvalidClaimException} naming the first bad one. */
    public static void check(String subject, String orgId, String projectId) {
        checkText("sub", subject, MAX_SUBJECT_BYTES);
        checkWorkspacePart("org_id", orgId);
        checkWorkspacePart("project_id", projectId);
    }

    /** Checks one half of a workspace id (when present): printable, 1–128 UTF-8 bytes, no {@code /}. */
    public static void checkWorkspacePart(String claim, String value) {
        checkText(claim, value, MAX_WORKSPACE_PART_BYTES);
        if (value != null && value.indexOf('/') >= 0) {
            throw new InvalidClaimException(claim, "must not contain '/'");
        }
    }

    private static void checkText(String claim, String value, int maxBytes) {
        if (value == null) {
            return;
        }
        if (value.isEmpty()) {
            throw new InvalidClaimException(claim, "must not be empty");
        }
        if (!isPrintable(value)) {
            throw new InvalidClaimException(claim, "must be printable text (no control characters or lone surrogates)");
        }
        if (value.getBytes(StandardCharsets.UTF_8).length > maxBytes) {
            throw new InvalidClaimException(claim, "must be at most " + maxBytes + " UTF-8 bytes");
        }
    }

    /** Whether every code point is printable: assigned, not a control, format or separator, no lone surrogate. */
    static boolean isPrintable(String value) {
        for (int i = 0; i < value.length(); ) {
            int codePoint = value.codePointAt(i);
            switch (Character.getType(codePoint)) {
                case Character.CONTROL:
                case Character.FORMAT:
                case Character.LINE_SEPARATOR:
                case Character.PARAGRAPH_SEPARATOR:
                case Character.SURROGATE: // codePointAt returns a surrogate only when it is unpaired
                case Character.UNASSIGNED:
                    return false;
                default:
                    i += Character.charCount(codePoint);
            }
        }
        return true;
    }
}
