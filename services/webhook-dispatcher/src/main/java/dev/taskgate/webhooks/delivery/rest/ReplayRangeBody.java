package dev.taskgate.webhooks.delivery.rest;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.webhooks.problem.Problems;
import dev.taskgate.webhooks.web.JsonBodies;

/**
 * The body of a range replay, {@code {"from": RFC 3339, "to": RFC 3339}} (both with an offset, e.g.
 * {@code 2026-08-01T09:00:00Z}): the half-open interval [from, to) of delivery creation times. Shape defects →
 * 400; {@code from} must be before {@code to}. Limits (longest range, most deliveries) are the service's.
 *
 * @param from first included creation time
 * @param to   first excluded creation time
 */
public record ReplayRangeBody(Instant from, Instant to) {
    private static final Set<String> MEMBERS = Set.of("from", "to");

    /** Parses and checks the body; throws the problem for the first defect. */
    public static ReplayRangeBody parse(byte[] body) {
        JsonNode root = JsonBodies.object(body, MEMBERS, "from and to (RFC 3339 timestamps)");
        Instant from = timestamp(root, "from");
        Instant to = timestamp(root, "to");
        if (!from.isBefore(to)) {
            throw Problems.invalid("/to", "to must be after from (the range is [from, to)).");
        }
        return new ReplayRangeBody(from, to);
    }

    private static Instant timestamp(JsonNode root, String member) {
        JsonNode node = root.get(member);
        if (node == null || !node.isTextual()) {
            throw Problems.invalid(
                    "/" + member,
                    member + " is required: an RFC 3339 timestamp with offset, e.g. " + "2026-08-01T09:00:00Z.");
        }
        try {
            return OffsetDateTime.parse(node.asText(), DateTimeFormatter.ISO_OFFSET_DATE_TIME)
                    .toInstant();
        } catch (DateTimeParseException e) {
            throw Problems.invalid(
                    "/" + member,
                    member + " is not an RFC 3339 timestamp with offset, e.g. " + "2026-08-01T09:00:00Z.");
        }
    }
}
