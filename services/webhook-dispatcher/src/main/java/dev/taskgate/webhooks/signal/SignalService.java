package dev.taskgate.webhooks.signal;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.webhooks.IdSource;
import dev.taskgate.webhooks.delivery.Delivery;
import dev.taskgate.webhooks.delivery.db.DeliveryRepository;
import dev.taskgate.webhooks.delivery.db.DeliveryRepository.NewDelivery;
import dev.taskgate.webhooks.subscription.EventTypes;
import dev.taskgate.webhooks.subscription.cache.ActiveSubscribers;

/**
 * Turns one lifecycle record into deliveries: in one transaction, one pending delivery per active subscription of
 * the execution's org/project (known from {@link ActiveSubscribers}, mostly without a lookup). The unique
 * (subscription, source record) key makes a redelivered Kafka record a no-op, so consumer offsets may be committed
 * late without duplicating deliveries.
 */
@ApplicationScoped
public class SignalService {
    private static final Logger LOG = Logger.getLogger(SignalService.class);

    private final Pool pool;
    private final ActiveSubscribers subscribers;
    private final DeliveryRepository deliveries;
    private final IdSource ids;
    private final Clock clock;
    private final ExecutionHandles handles;

    SignalService(
            Pool pool,
            ActiveSubscribers subscribers,
            DeliveryRepository deliveries,
            IdSource ids,
            Clock clock,
            ExecutionHandles handles) {
        this.handles = handles;
        this.pool = pool;
        this.subscribers = subscribers;
        this.deliveries = deliveries;
        this.ids = ids;
        this.clock = clock;
    }

    /**
     * Stores the deliveries for this change; returns how many were new.
     *
     * <p>A signalled change without principal or surface (written by a job-control older than those members) is
     * skipped with a warning: without them no public handle can be minted, and sending job-control's internal id
     * or no id would break the payload contract receivers rely on.
     */
    public Uni<Integer> record(ExecutionChanged change) {
        if (!LifecycleSignals.isSignalled(change.state())) {
            return Uni.createFrom().item(0);
        }
        if (change.orgId() == null || change.projectId() == null) {
            LOG.debugf(
                    "Lifecycle record without org/project, nobody can subscribe to it [messageId=%s executionId=%s]",
                    change.messageId(), change.executionId());
            return Uni.createFrom().item(0);
        }
        if (!LifecycleSignals.hasOwner(change)) {
            LOG.warnf(
                    "Lifecycle record without principal/surface (older job-control), not signalled "
                            + "[messageId=%s executionId=%s state=%s]",
                    change.messageId(), change.executionId(), change.state().wireName());
            return Uni.createFrom().item(0);
        }
        Optional<byte[]> payload = LifecycleSignals.payload(change, handles);
        Instant now = clock.instant();
        // only deliveries to store open a transaction
        return subscribers
                .of(change.orgId(), change.projectId(), EventTypes.LIFECYCLE)
                .flatMap(found -> found.isEmpty()
                        ? Uni.createFrom().item(0)
                        : pool.withTransaction(tx -> Multi.createFrom()
                                .iterable(found)
                                .onItem()
                                .transformToUniAndConcatenate(subscriptionId -> {
                                    var id = ids.newId();
                                    return deliveries.insert(
                                            tx,
                                            new NewDelivery(
                                                    id,
                                                    subscriptionId,
                                                    Delivery.webhookIdFor(id),
                                                    change.messageId(),
                                                    EventTypes.LIFECYCLE,
                                                    change.executionId(),
                                                    payload.get(),
                                                    change.updatedAt(),
                                                    now));
                                })
                                .collect()
                                .asList()
                                .map(inserted -> (int) inserted.stream()
                                        .filter(Boolean::booleanValue)
                                        .count())));
    }
}
