package dev.taskgate.frontend.query;

import java.util.Optional;
import java.util.function.Supplier;

import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;

import org.jboss.logging.Logger;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.LogLevel;
import dev.taskgate.contracts.session.McpSession;
import dev.taskgate.contracts.session.McpSessionLogLevel;
import dev.taskgate.contracts.session.OpenMcpSession;
import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.problem.Problems;
import dev.taskgate.problem.ProblemException;

/**
 * job-control's session table for the 2025-era MCP adapter ({@link McpSessionApi}). A session is
 * named by the SHA-256 (hex) of its id. job-control's 404 is an answer (empty/false); an unreachable or failing
 * job-control is 503 {@code unavailable}. Blocking: call from a worker thread.
 */
@Singleton
public class McpSessionQueries {
    private static final Logger LOG = Logger.getLogger(McpSessionQueries.class);

    private final McpSessionApi api;
    private final long retryAfterSeconds;

    McpSessionQueries(FrontendConfig config) {
        this.api = JobControlClients.build(config, McpSessionApi.class);
        this.retryAfterSeconds = Problems.retryAfterSeconds(config.pollInterval());
    }

    /** Creates a session; false when the hash is taken. */
    public boolean open(String idHash, Caller caller, OpenMcpSession session) {
        byte[] body = Wire.toBytes(session);
        int status = status(() -> api.open(idHash, caller.principal(), caller.workspace(), body));
        if (status == 201) {
            return true;
        }
        if (status == 409) {
            return false;
        }
        throw unexpected("open a session", status);
    }

    /** The caller's live session, renewed; empty when unknown, ended, idle too long or foreign. */
    public Optional<McpSession> use(String idHash, Caller caller) {
        try (Response response = call(() -> api.use(idHash, caller.principal(), caller.workspace()))) {
            if (response.getStatus() == 404) {
                return Optional.empty();
            }
            if (response.getStatus() != 200) {
                throw unexpected("use a session", response.getStatus());
            }
            return Optional.of(Wire.fromBytes(response.readEntity(byte[].class), McpSession.class));
        }
    }

    /** Keeps the minimum log level the caller's live session asked for; false when there is no such session. */
    public boolean setLogLevel(String idHash, Caller caller, LogLevel level) {
        byte[] body = Wire.toBytes(new McpSessionLogLevel(level.wireName()));
        int status = status(() -> api.setLogLevel(idHash, caller.principal(), caller.workspace(), body));
        if (status == 204) {
            return true;
        }
        if (status == 404) {
            return false;
        }
        throw unexpected("set a session's log level", status);
    }

    /** Ends the caller's live session; false when there was none. */
    public boolean end(String idHash, Caller caller) {
        int status = status(() -> api.end(idHash, caller.principal(), caller.workspace()));
        if (status == 204) {
            return true;
        }
        if (status == 404) {
            return false;
        }
        throw unexpected("end a session", status);
    }

    private ProblemException unexpected(String what, int status) {
        LOG.warnf("job-control answered status=%d to %s", status, what);
        return Problems.unavailable("The session store did not answer; try again shortly.", retryAfterSeconds);
    }

    private int status(Supplier<Response> request) {
        try (Response response = call(request)) {
            return response.getStatus();
        }
    }

    private Response call(Supplier<Response> request) {
        try {
            return StoppingInstanceRetry.call(request);
        } catch (ProcessingException e) {
            LOG.warnf("job-control unreachable for a session request reason=%s", e.getMessage());
            throw Problems.unavailable("The session store is not reachable; try again shortly.", retryAfterSeconds);
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
