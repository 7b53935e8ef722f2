package dev.taskgate.webhooks.delivery;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.webhooks.IdSource;
import dev.taskgate.webhooks.WebhooksConfig;
import dev.taskgate.webhooks.auth.ProjectCaller;
import dev.taskgate.webhooks.delivery.db.DeliveryRepository;
import dev.taskgate.webhooks.delivery.db.DeliveryRepository.NewDelivery;
import dev.taskgate.webhooks.problem.ProblemKind;
import dev.taskgate.webhooks.problem.Problems;
import dev.taskgate.webhooks.signal.LifecycleSignals;
import dev.taskgate.webhooks.subscription.EventTypes;
import dev.taskgate.webhooks.subscription.Subscription;
import dev.taskgate.webhooks.subscription.db.SubscriptionRepository;

/**
 * Operator actions on deliveries: send a test event, replay one delivery or every delivery created in a time range
 * (new deliveries with the same {@code webhook-id} and the same bytes, so receivers can still deduplicate), list
 * and inspect them.
 */
@ApplicationScoped
public class DeliveryService {
    /** Most deliveries one list answer holds. */
    public static final int LIST_LIMIT = 100;

    private final Pool pool;
    private final SubscriptionRepository subscriptions;
    private final DeliveryRepository deliveries;
    private final DeliveryDispatcher dispatcher;
    private final IdSource ids;
    private final Clock clock;
    private final WebhooksConfig config;

    DeliveryService(
            Pool pool,
            SubscriptionRepository subscriptions,
            DeliveryRepository deliveries,
            DeliveryDispatcher dispatcher,
            IdSource ids,
            Clock clock,
            WebhooksConfig config) {
        this.config = config;
        this.pool = pool;
        this.subscriptions = subscriptions;
        this.deliveries = deliveries;
        this.dispatcher = dispatcher;
        this.ids = ids;
        this.clock = clock;
    }

    /**
     * A delivery with its attempts.
     *
     * @param delivery the delivery
     * @param attempts its attempts in order
     */
    public record Detail(Delivery delivery, List<Attempt> attempts) {}

    /** Queues a {@code webhook.test} event for an active subscription. */
    public Uni<Delivery> sendTest(ProjectCaller caller, UUID subscriptionId) {
        Instant now = clock.instant();
        UUID id = ids.newId();
        return pool.withTransaction(tx -> active(tx, caller, subscriptionId)
                        .flatMap(s -> deliveries.insert(
                                tx,
                                new NewDelivery(
                                        id,
                                        s.id(),
                                        Delivery.webhookIdFor(id),
                                        null,
                                        EventTypes.TEST,
                                        null,
                                        LifecycleSignals.testPayload(s.id(), now),
                                        now,
                                        now)))
                        .flatMap(inserted -> deliveries.find(tx, subscriptionId, id)))
                .map(found -> found.orElseThrow(Problems::notFound))
                .invoke(dispatcher::wake);
    }

    /** Replays one delivery of an active subscription. */
    public Uni<Delivery> replay(ProjectCaller caller, UUID subscriptionId, UUID deliveryId) {
        Instant now = clock.instant();
        return pool.withTransaction(tx -> active(tx, caller, subscriptionId)
                        .flatMap(s -> deliveries.insertReplay(tx, s.id(), deliveryId, ids.newId(), now)))
                .map(found -> found.orElseThrow(Problems::notFound))
                .invoke(dispatcher::wake);
    }

    /**
     * Replays every original delivery (not replays of them) of an active subscription created in [from, to), oldest
     * first, each as {@link #replay} does. All or nothing: a range longer than {@code replay.max-range} or holding
     * more than {@code replay.max-deliveries} deliveries is refused with 422 and queues nothing.
     */
    public Uni<List<Delivery>> replayRange(ProjectCaller caller, UUID subscriptionId, Instant from, Instant to) {
        if (!from.isBefore(to)) {
            throw Problems.invalid("/to", "to must be after from (the range is [from, to)).");
        }
        Duration maxRange = config.replay().maxRange();
        if (Duration.between(from, to).compareTo(maxRange) > 0) {
            throw ProblemKind.REPLAY_RANGE_TOO_LARGE
                    .problem("The range is longer than " + maxRange + "; replay it in smaller ranges.")
                    .with("max_range", maxRange.toString())
                    .toException();
        }
        int max = config.replay().maxDeliveries();
        Instant now = clock.instant();
        return pool.withTransaction(tx -> active(tx, caller, subscriptionId)
                        .flatMap(s -> deliveries.originalsCreatedIn(tx, s.id(), from, to, max + 1))
                        .flatMap(originals -> {
                            if (originals.size() > max) {
                                throw ProblemKind.REPLAY_RANGE_TOO_LARGE
                                        .problem("The range holds more than " + max
                                                + " deliveries; replay it in smaller ranges.")
                                        .with("max_deliveries", max)
                                        .toException();
                            }
                            return Multi.createFrom()
                                    .iterable(originals)
                                    .onItem()
                                    .transformToUniAndConcatenate(original ->
                                            deliveries.insertReplay(tx, subscriptionId, original, ids.newId(), now))
                                    .map(replayed -> replayed.orElseThrow(
                                            () -> new IllegalStateException("delivery vanished during a range replay")))
                                    .collect()
                                    .asList();
                        }))
                .invoke(replayed -> {
                    if (!replayed.isEmpty()) {
                        dispatcher.wake();
                    }
                });
    }

    /** The subscription's newest deliveries. */
    public Uni<List<Delivery>> list(ProjectCaller caller, UUID subscriptionId) {
        return visible(caller, subscriptionId).flatMap(s -> deliveries.list(pool, s.id(), LIST_LIMIT));
    }

    /** One delivery with its attempts. */
    public Uni<Detail> get(ProjectCaller caller, UUID subscriptionId, UUID deliveryId) {
        return visible(caller, subscriptionId)
                .flatMap(s -> deliveries.find(pool, s.id(), deliveryId))
                .map(found -> found.orElseThrow(Problems::notFound))
                .flatMap(d -> deliveries.attempts(pool, d.id()).map(attempts -> new Detail(d, attempts)));
    }

    private Uni<Subscription> visible(ProjectCaller caller, UUID subscriptionId) {
        return subscriptions
                .find(pool, caller.orgId(), caller.projectId(), subscriptionId)
                .map(found -> found.orElseThrow(Problems::notFound));
    }

    private Uni<Subscription> active(io.vertx.mutiny.sqlclient.SqlClient tx, ProjectCaller caller, UUID id) {
        return subscriptions.find(tx, caller.orgId(), caller.projectId(), id).map(found -> {
            Subscription s = found.orElseThrow(Problems::notFound);
            if (!Subscription.ACTIVE.equals(s.status())) {
                throw ProblemKind.CONFLICT.exception(
                        "The subscription is disabled (" + s.disabledReason() + "); enable it first.");
            }
            return s;
        });
    }
}
