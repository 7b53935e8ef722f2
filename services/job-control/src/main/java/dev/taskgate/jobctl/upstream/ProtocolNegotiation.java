package dev.taskgate.jobctl.upstream;

import java.util.Set;

/**
 * Which failures of {@code server/discover} mean that an upstream registered with {@code negotiate} does not speak
 * 2026-07-28, so that discovery falls back to 2025-11-25 ({@code initialize}). Only answers that a server speaking
 * the other generation gives to a request it does not know count; anything that says nothing about the generation (no
 * connection, a timeout, an authentication or server error, a broken answer) keeps the upstream unavailable, so that
 * an outage never switches an upstream's generation.
 */
final class ProtocolNegotiation {
    /**
     * 400: MCP 2025-11-25 (Streamable HTTP, "Session Management") answers a request without a session that is not
     * {@code initialize} with Bad Request; 404 and 405: an endpoint that routes {@code server/discover} nowhere.
     */
    private static final Set<Integer> NOT_SPOKEN_STATUSES = Set.of(400, 404, 405);
    /** -32601: no such method; -32022: unsupported protocol version (MCP 2026-07-28). */
    private static final Set<Integer> NOT_SPOKEN_CODES = Set.of(-32601, -32022);

    private ProtocolNegotiation() {}

    /** Whether {@code failure} of {@code server/discover} means the upstream does not speak 2026-07-28. */
    static boolean meansNotSpoken(UpstreamException failure) {
        if (failure instanceof ProtocolNotOfferedException) {
            return true;
        }
        if (failure instanceof UpstreamStatusException status) {
            return NOT_SPOKEN_STATUSES.contains(status.status());
        }
        if (failure instanceof UpstreamRefusedException refused) {
            return NOT_SPOKEN_CODES.contains(refused.code());
        }
        return false;
    }
}
