package dev.taskgate.frontend.mcp.v2025;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.contracts.session.McpSession;
import dev.taskgate.contracts.session.OpenMcpSession;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpProblems;
import dev.taskgate.frontend.query.McpSessionQueries;
import dev.taskgate.problem.ProblemException;

/**
 * Durable 2025-era sessions, kept by job-control so that every frontend replica serves every session and a
 * frontend restart loses none. A session id is 32 random bytes (base64url: 43 visible ASCII characters, as
 * transports §2.3 requires); job-control only ever sees its SHA-256, bound to the caller who initialized. Finding a
 * session costs one internal HTTP call and one UPDATE (the renewal) in job-control; a session found live is then
 * trusted for {@code taskgate.frontend.mcp.session-recheck} ({@link RecentSessions}). Blocking.
 */
@Singleton
public class Mcp2025Sessions {
    private static final int MAX_OPEN_ATTEMPTS = 3;
    private static final int ID_LENGTH = 43;
    // about 1 KB each (mostly the client's capabilities): a few MB at most
    private static final int MAX_RECENT = 4096;

    private final McpSessionQueries store;
    private final RecentSessions recent;
    private final SecureRandom random = new SecureRandom();

    Mcp2025Sessions(McpSessionQueries store, FrontendConfig config) {
        this.store = store;
        this.recent = new RecentSessions(config.mcp().sessionRecheck(), MAX_RECENT, System::nanoTime);
    }

    /** Creates a session for the caller and returns it with its fresh id. */
    public Mcp2025Session open(Caller caller, String protocolVersion, JsonNode clientCapabilities) {
        OpenMcpSession request = new OpenMcpSession(protocolVersion, clientCapabilities);
        for (int attempt = 1; attempt <= MAX_OPEN_ATTEMPTS; attempt++) {
            String id = newId();
            try {
                if (store.open(hash(id), caller, request)) {
                    return new Mcp2025Session(id, protocolVersion, clientCapabilities);
                }
            } catch (ProblemException e) {
                throw McpProblems.translate(e);
            }
        }
        throw McpErrors.unavailable("No free session id; try again.");
    }

    /**
     * The caller's live session with this id; empty when unknown, ended, expired or someone else's. Renewed in
     * job-control unless this instance found it live less than {@code session-recheck} ago.
     */
    public Optional<Mcp2025Session> use(String id, Caller caller) {
        if (!wellFormed(id)) {
            return Optional.empty();
        }
        String idHash = hash(id);
        Optional<McpSession> found = recent.find(idHash, caller);
        if (found.isEmpty()) {
            long ticket = recent.ticket();
            long askedAt = recent.now();
            try {
                found = store.use(idHash, caller);
            } catch (ProblemException e) {
                throw McpProblems.translate(e);
            }
            found.ifPresent(s -> recent.remember(idHash, caller, s, ticket, askedAt));
        }
        return found.map(s -> new Mcp2025Session(id, s.protocolVersion(), s.clientCapabilities(), s.logLevel()));
    }

    /** Keeps the minimum log level of the caller's live session; false when there is none. */
    public boolean setLogLevel(String id, Caller caller, LogLevel level) {
        if (!wellFormed(id)) {
            return false;
        }
        String idHash = hash(id);
        try {
            return store.setLogLevel(idHash, caller, level);
        } catch (ProblemException e) {
            throw McpProblems.translate(e);
        } finally {
            recent.forget(idHash, caller); // the next request reads the level (failed or not: cheap, and certain)
        }
    }

    /** Ends the caller's live session; false when there was none. */
    public boolean end(String id, Caller caller) {
        if (!wellFormed(id)) {
            return false;
        }
        String idHash = hash(id);
        try {
            return store.end(idHash, caller);
        } catch (ProblemException e) {
            throw McpProblems.translate(e);
        } finally {
            recent.forget(idHash, caller);
        }
    }

    /** The SHA-256 of a session id, hex: the only form job-control sees. */
    public static String hash(String id) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    private String newId() {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    // Anything that is not the shape we mint cannot name a session; no need to ask job-control.
    private static boolean wellFormed(String id) {
        return id != null && id.length() == ID_LENGTH && id.chars().allMatch(c -> c >= 0x21 && c <= 0x7E);
    }
}
