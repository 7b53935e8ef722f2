package dev.taskgate.frontend.mcp.legacy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.databind.JsonNode;

import org.jboss.logging.Logger;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.session.McpSession;
import dev.taskgate.contracts.session.OpenMcpSession;
import dev.taskgate.contracts.session.OwnerExecutionPage;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;

/**
 * Durable 2025-era sessions, kept by job-control so that every frontend replica serves every session and a
 * frontend restart loses none. A session id is 32 random bytes (base64url, visible ASCII as the transport
 * requires); job-control only ever sees its SHA-256, bound to the caller who initialized. Each request that names
 * a session costs one internal HTTP call and one UPDATE (renewal) in job-control. Blocking.
 */
@Singleton
public class LegacySessions {
    private static final Logger LOG = Logger.getLogger(LegacySessions.class);
    private static final int MAX_OPEN_ATTEMPTS = 3;

    private final LegacyJobControlApi api;
    private final SecureRandom random = new SecureRandom();

    LegacySessions(FrontendConfig config) {
        this.api = QuarkusRestClientBuilder.newBuilder()
                .baseUri(config.jobControlUrl())
                .connectTimeout(config.jobControlConnectTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(config.jobControlReadTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .disableDefaultMapper(true)
                .build(LegacyJobControlApi.class);
    }

    /** Creates a session for the caller and returns it with its fresh id. */
    public LegacySession open(Caller caller, String protocolVersion, JsonNode clientCapabilities) {
        byte[] body = Wire.toBytes(new OpenMcpSession(protocolVersion, clientCapabilities));
        for (int attempt = 1; attempt <= MAX_OPEN_ATTEMPTS; attempt++) {
            String id = newId();
            int status = status(() -> api.open(hash(id), caller.principal(), caller.workspace(), body));
            if (status == 201) {
                return new LegacySession(id, protocolVersion, clientCapabilities);
            }
            if (status != 409) {
                LOG.warnf("job-control refused to open an MCP session status=%d", status);
                throw McpErrors.unavailable("The session store did not answer; try again shortly.");
            }
        }
        throw McpErrors.unavailable("No free session id; try again.");
    }

    /** The caller's live session with this id, renewed; empty when unknown, ended, expired or someone else's. */
    public Optional<LegacySession> use(String id, Caller caller) {
        if (!wellFormed(id)) {
            return Optional.empty();
        }
        try (Response response = call(() -> api.use(hash(id), caller.principal(), caller.workspace()))) {
            if (response.getStatus() == 404) {
                return Optional.empty();
            }
            if (response.getStatus() != 200) {
                LOG.warnf("job-control answered a session lookup status=%d", response.getStatus());
                throw McpErrors.unavailable("The session store did not answer; try again shortly.");
            }
            McpSession session = Wire.fromBytes(response.readEntity(byte[].class), McpSession.class);
            return Optional.of(new LegacySession(id, session.protocolVersion(), session.clientCapabilities()));
        }
    }

    /** Ends the caller's live session; false when there was none. */
    public boolean end(String id, Caller caller) {
        if (!wellFormed(id)) {
            return false;
        }
        int status = status(() -> api.end(hash(id), caller.principal(), caller.workspace()));
        if (status == 204) {
            return true;
        }
        if (status == 404) {
            return false;
        }
        LOG.warnf("job-control answered a session end status=%d", status);
        throw McpErrors.unavailable("The session store did not answer; try again shortly.");
    }

    /** One page of the caller's 2025-era executions. -32602 for a cursor job-control did not issue. */
    public OwnerExecutionPage tasks(Caller caller, String cursor, int limit) {
        try (Response response = call(() -> api.list("mcp-2025", cursor, limit, caller.principal(),
                caller.workspace()))) {
            if (response.getStatus() == 400) {
                throw McpErrors.invalidParams("Invalid cursor.", null);
            }
            if (response.getStatus() != 200) {
                LOG.warnf("job-control answered a task list status=%d", response.getStatus());
                throw McpErrors.unavailable("The execution store did not answer; try again shortly.");
            }
            return Wire.fromBytes(response.readEntity(byte[].class), OwnerExecutionPage.class);
        }
    }

    /** The SHA-256 of a session id, hex: the only form job-control sees. */
    static String hash(String id) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(id.getBytes(StandardCharsets.US_ASCII)));
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
        return id != null && id.length() == 43 && id.chars().allMatch(c -> c >= 0x21 && c <= 0x7E);
    }

    private int status(Supplier<Response> request) {
        try (Response response = call(request)) {
            return response.getStatus();
        }
    }

    private static Response call(Supplier<Response> request) {
        try {
            return request.get();
        } catch (ProcessingException e) {
            LOG.warnf("job-control unreachable for a session request reason=%s", e.getMessage());
            throw McpErrors.unavailable("The session store is not reachable; try again shortly.");
        }
    }

    @PreDestroy
    void close() {
        if (api instanceof AutoCloseable) {
            try {
                ((AutoCloseable) api).close();
            } catch (Exception e) {
                LOG.debug("closing the job-control session client failed", e);
            }
        }
    }
}
