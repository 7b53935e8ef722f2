package dev.taskgate.jobctl.operator;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;

/**
 * Position after the last execution of a page (newest first: created time, then id), encoded as an opaque
 * base64url token. A cursor only moves the start of a listing that is filtered by workspace anyway, so it needs no
 * MAC; a cursor that does not decode is a 400.
 *
 * @param createdAt created time of the last execution shown (microseconds, as stored)
 * @param id        its id, breaking ties
 */
public record ExecutionCursor(Instant createdAt, UUID id) {

    private static final String VERSION = "e1";

    /** The opaque token. */
    public String encode() {
        long micros =
                Math.addExact(Math.multiplyExact(createdAt.getEpochSecond(), 1_000_000L), createdAt.getNano() / 1_000L);
        String text = VERSION + ":" + micros + ":" + id;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Decodes a token from {@link #encode()}; {@code null} for none; throws a 400 for anything else. */
    public static ExecutionCursor decode(String token) {
        if (token == null) {
            return null;
        }
        try {
            String[] parts = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8).split(":", -1);
            if (parts.length != 3 || !VERSION.equals(parts[0])) {
                throw new IllegalArgumentException("shape");
            }
            long micros = Long.parseLong(parts[1]);
            UUID id = UUID.fromString(parts[2]);
            return new ExecutionCursor(
                    Instant.ofEpochSecond(
                            Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L),
                    id);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new OperatorRequestException("cursor is not a cursor this API returned.");
        }
    }
}
