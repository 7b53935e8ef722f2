package dev.taskgate.jobctl.operator;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** Position after the last audit entry of a page (newest first, by id), as an opaque base64url token. */
public final class AuditCursor {

    private static final String VERSION = "a1:";

    private AuditCursor() {}

    /** The token for entries older than {@code id}. */
    public static String encode(long id) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString((VERSION + id).getBytes(StandardCharsets.UTF_8));
    }

    /** The id a token from {@link #encode(long)} names; {@code null} for none; throws a 400 for anything else. */
    public static Long decode(String token) {
        if (token == null) {
            return null;
        }
        try {
            String text = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
            if (!text.startsWith(VERSION)) {
                throw new IllegalArgumentException("shape");
            }
            return Long.parseLong(text.substring(VERSION.length()));
        } catch (IllegalArgumentException e) {
            throw new OperatorRequestException("cursor is not a cursor this API returned.");
        }
    }
}
