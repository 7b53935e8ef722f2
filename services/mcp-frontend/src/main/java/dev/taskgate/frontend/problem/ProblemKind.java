package dev.taskgate.frontend.problem;

import dev.taskgate.problem.ProblemType;

/**
 * The problem types of the REST API ({@code docs/mcp-frontend.md}, "Problems"); the type URI is
 * {@code https://taskgate.dev/problems/<slug>}.
 */
public enum ProblemKind implements ProblemType {
    MALFORMED_JSON("malformed-json", "Malformed JSON", 400),
    INVALID_REQUEST("invalid-request", "Invalid request", 400),
    MISSING_IDEMPOTENCY_KEY("missing-idempotency-key", "Missing Idempotency-Key", 400),
    UNAUTHENTICATED("unauthenticated", "Unauthenticated", 401),
    INSUFFICIENT_SCOPE("insufficient-scope", "Insufficient scope", 403),
    NOT_FOUND("not-found", "Not found", 404),
    IDEMPOTENCY_CONFLICT("idempotency-conflict", "Idempotency conflict", 409),
    EXECUTION_FAILED("execution-failed", "Execution failed", 409),
    EXECUTION_CANCELLED("execution-cancelled", "Execution cancelled", 409),
    UPSTREAM_CONFLICT("upstream-conflict", "Upstream conflict", 409),
    ALREADY_REPLAYED("already-replayed", "Already replayed", 409),
    PRECONDITION_FAILED("precondition-failed", "Precondition failed", 412),
    PAYLOAD_TOO_LARGE("payload-too-large", "Payload too large", 413),
    URI_TOO_LONG("uri-too-long", "URI too long", 414),
    UNSUPPORTED_MEDIA_TYPE("unsupported-media-type", "Unsupported media type", 415),
    UNKNOWN_TOOL("unknown-tool", "Unknown tool", 422),
    INVALID_INPUT("invalid-input", "Invalid input", 422),
    UPSTREAM_REFUSED("upstream-refused", "Upstream refused", 422),
    NOT_REPLAYABLE("not-replayable", "Not replayable", 422),
    ADMISSION_LIMIT("admission-limit", "Admission limit reached", 429),
    HEADERS_TOO_LARGE("request-header-fields-too-large", "Request header fields too large", 431),
    UNAVAILABLE("unavailable", "Service unavailable", 503),
    INTERNAL("internal", "Internal error", 500);

    private final String slug;
    private final String title;
    private final int status;

    ProblemKind(String slug, String title, int status) {
        this.slug = slug;
        this.title = title;
        this.status = status;
    }

    /** The last segment of the type URI. */
    @Override
    public String slug() {
        return slug;
    }

    /** The stable summary of the kind. */
    @Override
    public String title() {
        return title;
    }

    /** The HTTP status. */
    @Override
    public int status() {
        return status;
    }
}
