package dev.taskgate.frontend.support;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.contracts.session.McpSession;

/**
 * job-control's session API as {@link FakeJobControlQueries} plays it: an in-memory table with the real API's statuses
 * (201/409 on create, 200/404 on use, 204/400/404 on setting the log level, 204/404 on end; owner-bound). The real
 * table and API are tested in job-control and end to end.
 */
public final class FakeSessions {
    /** A response. */
    public record Answer(int status, byte[] body) {}

    private record Row(
            String principal,
            String workspace,
            String version,
            JsonNode capabilities,
            Instant created,
            boolean ended,
            LogLevel logLevel) {
        Row asEnded() {
            return new Row(principal, workspace, version, capabilities, created, true, logLevel);
        }
    }

    private static final FakeSessions INSTANCE = new FakeSessions();
    private static final String PREFIX = "/internal/v1/mcp-sessions/";
    private final Map<String, Row> rows = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> uses = new ConcurrentHashMap<>();

    /** The shared table. */
    public static FakeSessions get() {
        return INSTANCE;
    }

    /** How many sessions were ever created. */
    public int size() {
        return rows.size();
    }

    /** How many times the session with this id hash was looked up ({@code POST …/use}), found or not. */
    public int uses(String idHash) {
        AtomicInteger count = uses.get(idHash);
        return count == null ? 0 : count.get();
    }

    /** Ends a session the way a {@code DELETE} through another replica does: this table only. */
    public void endElsewhere(String idHash) {
        rows.computeIfPresent(idHash, (hash, row) -> row.asEnded());
    }

    Answer answer(String method, String path, String principal, String workspace, byte[] body) {
        if (!path.startsWith(PREFIX)) {
            return null;
        }
        String rest = path.substring(PREFIX.length());
        boolean use = rest.endsWith("/use");
        boolean logLevel = rest.endsWith("/log-level");
        String hash = use
                ? rest.substring(0, rest.length() - "/use".length())
                : logLevel ? rest.substring(0, rest.length() - "/log-level".length()) : rest;
        Row row = rows.get(hash);
        boolean owned = row != null
                && !row.ended()
                && row.principal().equals(principal)
                && row.workspace().equals(workspace);
        switch (method) {
            case "PUT": {
                JsonNode request = Wire.fromBytes(body, JsonNode.class);
                if (logLevel) {
                    return setLogLevel(hash, row, owned, request.path("level").asText());
                }
                Row created = new Row(
                        principal,
                        workspace,
                        request.path("protocolVersion").asText(),
                        request.get("clientCapabilities"),
                        Instant.now(),
                        false,
                        null);
                return rows.putIfAbsent(hash, created) == null
                        ? new Answer(201, new byte[0])
                        : new Answer(409, "{}".getBytes(StandardCharsets.UTF_8));
            }
            case "POST":
                if (use) {
                    uses.computeIfAbsent(hash, h -> new AtomicInteger()).incrementAndGet();
                }
                if (!use || !owned) {
                    return notFound();
                }
                return new Answer(
                        200,
                        Wire.toBytes(new McpSession(
                                row.version(), row.capabilities(), row.created(), Instant.now(), row.logLevel())));
            case "DELETE":
                if (!owned) {
                    return notFound();
                }
                rows.put(hash, row.asEnded());
                return new Answer(204, new byte[0]);
            default:
                return notFound();
        }
    }

    private Answer setLogLevel(String hash, Row row, boolean owned, String level) {
        if (LogLevel.of(level).isEmpty()) {
            return new Answer(400, "{\"status\":400}".getBytes(StandardCharsets.UTF_8));
        }
        if (!owned) {
            return notFound();
        }
        rows.put(
                hash,
                new Row(
                        row.principal(),
                        row.workspace(),
                        row.version(),
                        row.capabilities(),
                        row.created(),
                        false,
                        LogLevel.of(level).orElseThrow()));
        return new Answer(204, new byte[0]);
    }

    private static Answer notFound() {
        return new Answer(404, "{\"status\":404}".getBytes(StandardCharsets.UTF_8));
    }
}
