package dev.taskgate.frontend.query;

import java.util.Optional;

import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;

import org.jboss.logging.Logger;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.Wire;
import dev.taskgate.frontend.FrontendConfig;

/**
 * Cancels a 2025-era call by its receipt key on any replica: job-control names the execution the key admitted, or
 * marks the key so that a later submission of it is refused. Best effort: an unreachable job-control or an
 * unreadable answer is logged and treated as "nothing admitted" (its one user, a cancellation notification, has no
 * response to carry an error). Blocking.
 */
@Singleton
public class CancelMarks {
    private static final Logger LOG = Logger.getLogger(CancelMarks.class);

    private final CancelMarkApi api;

    CancelMarks(FrontendConfig config) {
        this.api = JobControlClients.build(config, CancelMarkApi.class);
    }

    /** The execution admitted under {@code receiptKey} for {@code caller}, if any; else the key is marked. */
    public Optional<ExecutionSnapshot> mark(String receiptKey, Caller caller) {
        try (Response response =
                StoppingInstanceRetry.call(() -> api.mark(receiptKey, caller.principal(), caller.workspace()))) {
            switch (response.getStatus()) {
                case 200:
                    return Optional.of(Wire.fromBytes(response.readEntity(byte[].class), ExecutionSnapshot.class));
                case 202:
                case 404:
                    return Optional.empty();
                default:
                    LOG.warnf("job-control answered status=%d (cancel mark)", response.getStatus());
                    return Optional.empty();
            }
        } catch (ProcessingException | Wire.MalformedRecordException e) {
            LOG.warnf("cancel mark failed reason=%s", e.getMessage());
            return Optional.empty();
        }
    }

    @PreDestroy
    void close() {
        if (api instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                LOG.debug("closing the cancel-mark client failed", e);
            }
        }
    }
}
