package dev.taskgate.webhooks.problem;

import dev.taskgate.problem.ProblemType;

/** The problem types of the subscriptions API; the type URI is {@code https://taskgate.dev/problems/<slug>}. */
public enum ProblemKind implements ProblemType {
    MALFORMED_JSON("malformed-json", "Malformed JSON", 400),
    INVALID_REQUEST("invalid-request", "Invalid request", 400),
    UNAUTHENTICATED("unauthenticated", "Unauthenticated", 401),
    INSUFFICIENT_SCOPE("insufficient-scope", "Insufficient scope", 403),
    NOT_FOUND("not-found", "Not found", 404),
    CONFLICT("conflict", "Conflict", 409),
    PAYLOAD_TOO_LARGE("payload-too-large", "Payload too large", 413),
    URI_TOO_LONG("uri-too-long", "URI too long", 414),
    UNSUPPORTED_MEDIA_TYPE("unsupported-media-type", "Unsupported media type", 415),
    DESTINATION_NOT_ALLOWED("destination-not-allowed", "Destination not allowed", 422),
    REPLAY_RANGE_TOO_LARGE("replay-range-too-large", "Replay range too large", 422),
    HEADERS_TOO_LARGE("request-header-fields-too-large", "Request header fields too large", 431),
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
