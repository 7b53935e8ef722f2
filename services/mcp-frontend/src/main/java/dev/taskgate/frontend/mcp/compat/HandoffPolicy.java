package dev.taskgate.frontend.mcp.compat;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an ordinary (non-task) MCP {@code tools/call} does while its work runs: {@code block} waits for the terminal
 * result up to the synchronous call timeout, {@code handoff_after=<duration>} at most that long (never longer than the
 * timeout); a call whose work still runs then answers with the execution handle and leaves the work running.
 *
 * @param after how long to wait before handing off; empty for {@code block}
 */
public record HandoffPolicy(Optional<Duration> after) {
    /** Wait for the terminal result. */
    public static final HandoffPolicy BLOCK = new HandoffPolicy(Optional.empty());

    private static final Pattern HANDOFF_AFTER = Pattern.compile("handoff_after=([1-9][0-9]{0,6})(ms|s|m)");

    public HandoffPolicy {
        after.ifPresent(d -> {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("a handoff must wait a positive duration");
            }
        });
    }

    /** Hand off after {@code after}. */
    public static HandoffPolicy after(Duration after) {
        return new HandoffPolicy(Optional.of(after));
    }

    /**
     * Parses the catalog's or configuration's spelling: {@code block}, or {@code handoff_after=} a positive whole
     * number followed by {@code ms}, {@code s} or {@code m}; {@code null} is {@code block}.
     *
     * @throws IllegalArgumentException for anything else, naming the accepted forms
     */
    public static HandoffPolicy parse(String text) {
        if (text == null || "block".equals(text)) {
            return BLOCK;
        }
        Matcher m = HANDOFF_AFTER.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "handoff policy '" + text + "' is neither 'block' nor " + "'handoff_after=<n>ms|s|m'");
        }
        long n = Long.parseLong(m.group(1));
        switch (m.group(2)) {
            case "ms":
                return after(Duration.ofMillis(n));
            case "s":
                return after(Duration.ofSeconds(n));
            default:
                return after(Duration.ofMinutes(n));
        }
    }

    /** Whether the call waits for the terminal result. */
    public boolean blocks() {
        return after.isEmpty();
    }
}
