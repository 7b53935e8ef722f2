package dev.taskgate.cli.http;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * An error answer of the API, read from {@code application/problem+json} (RFC 9457) when it is one and described
 * from the status alone when it is not.
 *
 * @param status        the HTTP status
 * @param slug          the last path segment of {@code type} ({@code not-found}, {@code invalid-input}, ...), or
 *                      null
 * @param title         {@code title}, or null
 * @param detail        {@code detail}, or null
 * @param errors        {@code errors[]} as {@code pointer: message} lines
 * @param correlationId {@code correlation_id} of a 500, or null
 * @param retryAfter    the {@code Retry-After} header, or null
 */
public record Problem(
        int status,
        String slug,
        String title,
        String detail,
        List<String> errors,
        String correlationId,
        String retryAfter) {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_PLAIN_BODY = 200;

    /** Reads an error answer. */
    public static Problem of(int status, String contentType, byte[] body, String retryAfter) {
        JsonNode node = null;
        if (contentType != null && contentType.toLowerCase().contains("json") && body.length > 0) {
            try {
                node = JSON.readTree(body);
            } catch (java.io.IOException e) {
                node = null;
            }
        }
        if (node == null || !node.isObject()) {
            String text = new String(body, StandardCharsets.UTF_8).strip();
            return new Problem(status, null, null, text.isEmpty() ? null : excerpt(text), List.of(), null, retryAfter);
        }
        List<String> errors = new ArrayList<>();
        for (JsonNode error : node.path("errors")) {
            String pointer = error.path("pointer").asText("");
            String message = error.path("message").asText("");
            errors.add(pointer.isEmpty() ? message : pointer + ": " + message);
        }
        String type = text(node, "type");
        String slug = type == null ? null : type.substring(type.lastIndexOf('/') + 1);
        // a JSON-RPC error (the MCP endpoint) instead of a problem
        String detail = node.path("error").isObject()
                ? node.path("error").path("message").asText(null)
                : null;
        return new Problem(
                status,
                slug,
                text(node, "title"),
                detail != null ? detail : text(node, "detail"),
                List.copyOf(errors),
                text(node, "correlation_id"),
                retryAfter);
    }

    /** One message for people: what happened, the details, and what to do when there is something to do. */
    public String describe() {
        StringBuilder out = new StringBuilder();
        out.append(title != null ? title : "HTTP " + status);
        out.append(" (").append(status);
        if (slug != null) {
            out.append(' ').append(slug);
        }
        out.append(')');
        if (detail != null && !detail.equals(title)) {
            out.append(": ").append(detail);
        }
        for (String error : errors) {
            out.append(System.lineSeparator()).append("  ").append(error);
        }
        if (retryAfter != null) {
            out.append(System.lineSeparator())
                    .append("  retry after ")
                    .append(retryAfter)
                    .append(" s");
        }
        if (correlationId != null) {
            out.append(System.lineSeparator()).append("  correlation id ").append(correlationId);
        }
        String hint = hint();
        if (hint != null) {
            out.append(System.lineSeparator()).append("  ").append(hint);
        }
        return out.toString();
    }

    private String hint() {
        return switch (status) {
            case 401 -> "The token was refused: mint a new one or check the profile's token source.";
            case 403 -> "The token lacks a scope this route needs (see docs/security.md).";
            default -> null;
        };
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static String excerpt(String text) {
        return text.length() <= MAX_PLAIN_BODY ? text : text.substring(0, MAX_PLAIN_BODY) + "…";
    }
}
