package dev.taskgate.jobctl.outbox;

import java.time.Duration;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.jobctl.JobControlConfig;

/**
 * Whether a committed stop reached the broker: wakes the relay and waits, bounded by
 * {@code jobctl.operator.stop-confirm-timeout}, for its outbox row to be gone (the relay deletes a row only after the
 * broker acknowledged it). Shared by the owner's and the operator's cancel (docs/job-control.md "Cancellation"), so
 * both report delivery the same way. Never fails: a check that cannot be made counts as not confirmed.
 */
@ApplicationScoped
public class StopDeliveryWait {

    private static final Logger LOG = Logger.getLogger(StopDeliveryWait.class);
    private static final Duration POLL = Duration.ofMillis(20);

    private final Pool pool;
    private final OutboxRelay relay;
    private final StopDeliveryRepository deliveries;
    private final JobControlConfig config;

    StopDeliveryWait(Pool pool, OutboxRelay relay, StopDeliveryRepository deliveries, JobControlConfig config) {
        this.pool = pool;
        this.relay = relay;
        this.deliveries = deliveries;
        this.config = config;
    }

    /** True when the stop with this message id was published within the bound, false when that was not seen. */
    public Uni<Boolean> delivered(UUID stopMessageId) {
        Duration bound = config.operator().stopConfirmTimeout();
        long attempts = Math.max(1, bound.toMillis() / POLL.toMillis());
        relay.wake();
        return Uni.createFrom()
                .deferred(() -> deliveries.isPending(pool, stopMessageId))
                .flatMap(pending -> pending
                        ? Uni.createFrom().<Boolean>failure(new StillPending())
                        : Uni.createFrom().item(Boolean.TRUE))
                .onFailure(StillPending.class)
                .retry()
                .withBackOff(POLL, POLL)
                .atMost(attempts)
                .onFailure()
                .recoverWithItem(failure -> {
                    if (failure instanceof StillPending) {
                        LOG.warnf("Stop not seen published [messageId=%s wait=%s]", stopMessageId, bound);
                    } else {
                        LOG.warnf(failure, "Stop delivery not checked [messageId=%s]", stopMessageId);
                    }
                    return Boolean.FALSE;
                });
    }

    /** Control flow of the bounded wait; never leaves this class. */
    private static final class StillPending extends RuntimeException {
        private static final long serialVersionUID = 1L;

        StillPending() {
            super(null, null, false, false);
        }
    }
}
