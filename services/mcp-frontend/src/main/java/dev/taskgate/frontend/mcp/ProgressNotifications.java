package dev.taskgate.frontend.mcp;

import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.event.Progress;

/**
 * Turns an execution's progress reports into {@code notifications/progress} for one {@code progressToken}:
 * {@code progress} strictly increasing (MCP progress: "MUST increase with each notification"), at most one per
 * interval, the newest report winning while one waits. A report at or below what was sent (or the floor) is dropped.
 * Without a token nothing is ever pending. Not thread-safe: one request thread drives it.
 */
public final class ProgressNotifications {
    private final JsonNode token;
    private final Duration interval;
    private final ObjectNode meta;
    private double highest = Double.NEGATIVE_INFINITY;
    private Report pending;
    private boolean sent;
    private long lastSentAt;

    /**
     * @param token    the request's {@code progressToken}; {@code null}: the caller asked for no progress
     * @param interval least time between two notifications
     * @param meta     the {@code _meta} each notification carries (e.g. the related task), or {@code null}
     */
    public ProgressNotifications(JsonNode token, Duration interval, ObjectNode meta) {
        this.token = token;
        this.interval = interval;
        this.meta = meta;
    }

    /** Drops every later report at or below {@code progress} (what the caller may have seen already). */
    public void raiseFloor(Double progress) {
        if (progress != null && progress > highest) {
            highest = progress;
        }
    }

    /** Offers a report: kept when there is a token and it is above everything sent or waiting. */
    public void offer(Progress report) {
        offer(report.progress(), report.total(), report.message());
    }

    /** Offers a report of {@code progress} (of {@code total}, with {@code message}, both optional); as above. */
    public void offer(double progress, Double total, String message) {
        if (token != null && !covers(progress)) {
            pending = new Report(progress, total, message);
        }
    }

    /** Whether {@code progress} or more was sent or waits to be sent; always, without a token. */
    public boolean covers(double progress) {
        return token == null || progress <= highest || pending != null && progress <= pending.progress();
    }

    /** Whether a notification waits to be sent. */
    public boolean hasPending() {
        return pending != null;
    }

    /** When the waiting notification may go out ({@link System#nanoTime()} scale); only with {@link #hasPending()}. */
    public long dueAt(long now) {
        return sent ? lastSentAt + interval.toNanos() : now;
    }

    /** Takes the waiting notification, recording it as sent at {@code now}; only with {@link #hasPending()}. */
    public ObjectNode take(long now) {
        Report p = pending;
        pending = null;
        highest = p.progress();
        sent = true;
        lastSentAt = now;
        ObjectNode message =
                JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0").put("method", "notifications/progress");
        ObjectNode params = message.putObject("params");
        params.set("progressToken", token);
        number(params, "progress", p.progress());
        if (p.total() != null) {
            number(params, "total", p.total());
        }
        if (p.message() != null) {
            params.put("message", p.message());
        }
        if (meta != null) {
            params.set("_meta", meta.deepCopy());
        }
        return message;
    }

    private record Report(double progress, Double total, String message) {}

    // Whole numbers are written without a fraction (1, not 1.0): the same number, and what clients usually expect.
    private static void number(ObjectNode node, String name, double value) {
        if (value == Math.rint(value) && Math.abs(value) < 9.007199254740992E15) {
            node.put(name, (long) value);
        } else {
            node.put(name, value);
        }
    }
}
