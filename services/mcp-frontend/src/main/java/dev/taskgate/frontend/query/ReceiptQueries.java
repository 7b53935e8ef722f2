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
 * Finds the execution a caller's receipt key admitted, on any replica. Best effort: an unknown key, an unreachable
 * job-control or an unreadable answer are all "not found" (its one user, a cancellation notification, has no
 * response to carry an error). Blocking.
 */
@Singleton
public class ReceiptQueries {
    private static final Logger LOG = Logger.getLogger(ReceiptQueries.class);

    private final ReceiptApi api;

    ReceiptQueries(FrontendConfig config) {
        this.api = JobControlClients.build(config, ReceiptApi.class);
    }

    /** The execution admitted under {@code receiptKey} for {@code caller}, if any. */
    public Optional<ExecutionSnapshot> byReceipt(String receiptKey, Caller caller) {
        try (Response response = api.byReceipt(receiptKey, caller.principal(), caller.workspace())) {
            if (response.getStatus() == 404) {
                return Optional.empty();
            }
            if (response.getStatus() != 200) {
                LOG.warnf("job-control answered status=%d (receipt lookup)", response.getStatus());
                return Optional.empty();
            }
            return Optional.of(Wire.fromBytes(response.readEntity(byte[].class), ExecutionSnapshot.class));
        } catch (ProcessingException | Wire.MalformedRecordException e) {
            LOG.warnf("receipt lookup failed reason=%s", e.getMessage());
            return Optional.empty();
        }
    }

    @PreDestroy
    void close() {
        if (api instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                LOG.debug("closing the receipt client failed", e);
            }
        }
    }
}
