package dev.taskgate.problem;

import java.util.Map;
import java.util.Optional;

/**
 * The size limits of a public listener's request head and declared body, checked by each service before any route
 * runs so that the refusal is a problem like every other error. The HTTP decoder's own caps
 * ({@code quarkus.http.limits.max-initial-line-length}, {@code max-header-size}) are set well above these: only a
 * request beyond them gets the decoder's bare answer.
 *
 * @param maxTargetBytes most bytes of the request target (path and query) — above: 414
 * @param maxHeaderBytes most bytes of all header lines ({@code name: value} plus line end) — above: 431
 * @param maxBodyBytes   largest declared {@code Content-Length} the transport accepts — above: 413
 */
public record RequestLimits(int maxTargetBytes, int maxHeaderBytes, long maxBodyBytes) {
    /** The target limit, equal to the decoder's default initial-line limit. */
    public static final int DEFAULT_MAX_TARGET_BYTES = 4096;
    /** The header limit, equal to the decoder's default. */
    public static final int DEFAULT_MAX_HEADER_BYTES = 20 * 1024;

    /** Which limit a request exceeds, with its status. */
    public enum Exceeded {
        /** The body announced by {@code Content-Length}. */
        BODY(413, "The request body is larger than this server accepts."),
        /** The request target. */
        TARGET(414, "The request URI is longer than this server accepts."),
        /** The header lines. */
        HEADERS(431, "The request headers are larger than this server accepts.");

        private final int status;
        private final String detail;

        Exceeded(int status, String detail) {
            this.status = status;
            this.detail = detail;
        }

        /** The HTTP status. */
        public int status() {
            return status;
        }

        /** A detail that quotes nothing of the request. */
        public String detail() {
            return detail;
        }
    }

    /**
     * The first limit the request exceeds, target before headers before body; empty when it fits.
     *
     * @param target        the request target as received
     * @param headers       the header lines (names and values as received, ISO-8859-1 so one char is one byte)
     * @param contentLength the {@code Content-Length} header, or null
     */
    public Optional<Exceeded> check(String target, Iterable<Map.Entry<String, String>> headers, String contentLength) {
        if (target.length() > maxTargetBytes) {
            return Optional.of(Exceeded.TARGET);
        }
        long headerBytes = 0;
        for (Map.Entry<String, String> header : headers) {
            headerBytes += header.getKey().length() + header.getValue().length() + 4; // ": " and CRLF
        }
        if (headerBytes > maxHeaderBytes) {
            return Optional.of(Exceeded.HEADERS);
        }
        if (contentLength != null) {
            try {
                if (Long.parseLong(contentLength.trim()) > maxBodyBytes) {
                    return Optional.of(Exceeded.BODY);
                }
            } catch (NumberFormatException e) {
                return Optional.empty(); // the HTTP decoder refuses a malformed Content-Length itself
            }
        }
        return Optional.empty();
    }
}
