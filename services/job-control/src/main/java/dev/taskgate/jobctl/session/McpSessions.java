package dev.taskgate.jobctl.session;

import java.time.Instant;
import java.util.HexFormat;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Problem;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.contracts.session.McpSession;
import dev.taskgate.contracts.session.McpSessionLogLevel;
import dev.taskgate.contracts.session.OpenMcpSession;
import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.command.Problems;
import dev.taskgate.jobctl.session.db.McpSessionRepository;

/**
 * Durable sessions of the 2025-era MCP adapter: created by {@code initialize}, renewed by every request that
 * names them, ended by {@code DELETE} or by {@code jobctl.mcp-sessions.idle-timeout} of silence. A session is
 * addressed by the SHA-256 of its id (the frontend hashes; the id never reaches job-control) and is visible only
 * to the principal and workspace that created it: anything else is the uniform 404.
 */
@ApplicationScoped
public class McpSessions {
    /** The protocol versions a session may be opened with (MCP 2025-era). */
    public static final Set<String> VERSIONS = Set.of("2025-03-26", "2025-06-18", "2025-11-25");

    private static final Logger LOG = Logger.getLogger(McpSessions.class);
    private static final int SWEEP_BATCH = 1000;

    private final Pool pool;
    private final McpSessionRepository sessions;
    private final JobControlConfig config;
    private final DbClock clock;

    McpSessions(Pool pool, McpSessionRepository sessions, JobControlConfig config, DbClock clock) {
        this.pool = pool;
        this.sessions = sessions;
        this.config = config;
        this.clock = clock;
    }

    /** Creates the session {@code idHash} for this owner; a 409 if the hash is taken. */
    public Uni<Void> open(String idHash, String principal, String workspace, OpenMcpSession request) {
        byte[] hash = parseHash(idHash);
        if (request == null || request.protocolVersion() == null || !VERSIONS.contains(request.protocolVersion())) {
            return Uni.createFrom().failure(invalid("protocolVersion must be one of " + VERSIONS + "."));
        }
        JsonNode capabilities = request.clientCapabilities();
        if (capabilities == null || !capabilities.isObject()) {
            return Uni.createFrom().failure(invalid("clientCapabilities must be an object."));
        }
        return sessions.insert(
                        pool,
                        hash,
                        principal,
                        workspace,
                        request.protocolVersion(),
                        Wire.toBytes(capabilities),
                        clock.now())
                .map(inserted -> {
                    if (!inserted) {
                        throw new McpSessionException(
                                Problem.of("conflict", "Conflict", 409, "A session with this id exists."));
                    }
                    return null;
                });
    }

    /** Renews and returns the owner's live session; the uniform 404 otherwise. */
    public Uni<McpSession> use(String idHash, String principal, String workspace) {
        byte[] hash = parseHash(idHash);
        Instant now = clock.now();
        return sessions.use(
                        pool,
                        hash,
                        principal,
                        workspace,
                        now.minus(config.mcpSessions().idleTimeout()),
                        now)
                .map(found -> found.orElseThrow(McpSessions::notFound));
    }

    /**
     * Sets the minimum log level of the owner's live session ({@code logging/setLevel}); 400 for a level that is
     * not an MCP {@code LoggingLevel}, the uniform 404 when there is no such session.
     */
    public Uni<Void> setLogLevel(String idHash, String principal, String workspace, McpSessionLogLevel request) {
        byte[] hash = parseHash(idHash);
        LogLevel level = request == null || request.level() == null
                ? null
                : LogLevel.of(request.level()).orElse(null);
        if (level == null) {
            return Uni.createFrom()
                    .failure(invalid("level must be one of debug, info, notice, warning, error, "
                            + "critical, alert, emergency."));
        }
        Instant now = clock.now();
        return sessions.setLogLevel(
                        pool,
                        hash,
                        principal,
                        workspace,
                        now.minus(config.mcpSessions().idleTimeout()),
                        now,
                        level)
                .map(changed -> {
                    if (!changed) {
                        throw notFound();
                    }
                    return null;
                });
    }

    /** Ends the owner's live session; the uniform 404 when there is none. */
    public Uni<Void> end(String idHash, String principal, String workspace) {
        byte[] hash = parseHash(idHash);
        Instant now = clock.now();
        return sessions.end(
                        pool,
                        hash,
                        principal,
                        workspace,
                        now.minus(config.mcpSessions().idleTimeout()),
                        now)
                .map(ended -> {
                    if (!ended) {
                        throw notFound();
                    }
                    return null;
                });
    }

    // Rows of ended and idle sessions only answer 404; they are kept one idle timeout longer, then deleted.
    @Scheduled(
            every = "10m",
            delayed = "1m",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    Uni<Void> sweep() {
        Instant before = clock.now().minus(config.mcpSessions().idleTimeout().multipliedBy(2));
        return sessions.deleteStale(pool, before, SWEEP_BATCH)
                .invoke(n -> {
                    if (n > 0) {
                        LOG.debugf("deleted stale MCP sessions count=%d", n);
                    }
                })
                .replaceWithVoid();
    }

    private static byte[] parseHash(String idHash) {
        if (idHash == null || idHash.length() != 64) {
            throw notFound();
        }
        try {
            return HexFormat.of().parseHex(idHash);
        } catch (IllegalArgumentException e) {
            throw notFound();
        }
    }

    private static McpSessionException notFound() {
        return new McpSessionException(Problems.notFound());
    }

    private static McpSessionException invalid(String detail) {
        return new McpSessionException(Problem.of("invalid-request", "Invalid request", 400, detail));
    }
}
