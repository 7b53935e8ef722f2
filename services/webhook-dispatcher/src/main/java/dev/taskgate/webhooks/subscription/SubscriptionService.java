package dev.taskgate.webhooks.subscription;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.webhooks.IdSource;
import dev.taskgate.webhooks.WebhooksConfig;
import dev.taskgate.webhooks.auth.ProjectCaller;
import dev.taskgate.webhooks.delivery.db.DeliveryRepository;
import dev.taskgate.webhooks.problem.Problems;
import dev.taskgate.webhooks.secret.SecretCipher;
import dev.taskgate.webhooks.secret.SigningSecret;
import dev.taskgate.webhooks.subscription.cache.ActiveSubscribers;
import dev.taskgate.webhooks.subscription.db.SubscriptionRepository;

/**
 * Subscriptions and their secrets: create (a fresh secret, encrypted at rest, returned once), rotate (the old
 * secret keeps signing for the rotation window), delete (pending deliveries abandoned), re-enable, and reads.
 * Everything is scoped to the caller's org/project; anything else is the uniform 404. A change of who receives events
 * (create, delete, re-enable) shows in the next lifecycle record this instance handles: it empties this instance's
 * subscriber cache before answering (other replicas' caches are emptied by the change's notice).
 */
@ApplicationScoped
public class SubscriptionService {
    private final Pool pool;
    private final SubscriptionRepository subscriptions;
    private final DeliveryRepository deliveries;
    private final SecretCipher cipher;
    private final SecureRandom random;
    private final IdSource ids;
    private final Clock clock;
    private final WebhooksConfig config;
    private final ActiveSubscribers subscribers;

    SubscriptionService(
            Pool pool,
            SubscriptionRepository subscriptions,
            DeliveryRepository deliveries,
            SecretCipher cipher,
            SecureRandom random,
            IdSource ids,
            Clock clock,
            WebhooksConfig config,
            ActiveSubscribers subscribers) {
        this.pool = pool;
        this.subscriptions = subscriptions;
        this.deliveries = deliveries;
        this.cipher = cipher;
        this.random = random;
        this.ids = ids;
        this.clock = clock;
        this.config = config;
        this.subscribers = subscribers;
    }

    /**
     * A subscription together with a secret that is shown only in this answer.
     *
     * @param subscription the subscription
     * @param secret       the new signing secret
     */
    public record WithSecret(Subscription subscription, SigningSecret secret) {}

    /** Creates an active subscription with a fresh secret. The URL and event types were checked by the caller. */
    public Uni<WithSecret> create(ProjectCaller caller, String url, List<String> eventTypes, String description) {
        Instant now = clock.instant();
        UUID id = ids.newId();
        SigningSecret secret = SigningSecret.generate(random);
        Subscription s = new Subscription(
                id,
                caller.orgId(),
                caller.projectId(),
                url,
                eventTypes,
                description,
                Subscription.ACTIVE,
                null,
                null,
                null,
                now,
                now);
        return subscriptions
                .insert(pool, s, cipher.encrypt(id, secret))
                .invoke(subscribers::changedHere)
                .replaceWith(new WithSecret(s, secret));
    }

    /** The caller's subscriptions. */
    public Uni<List<Subscription>> list(ProjectCaller caller) {
        return subscriptions.list(pool, caller.orgId(), caller.projectId());
    }

    /** One subscription, or the uniform 404. */
    public Uni<Subscription> get(ProjectCaller caller, UUID id) {
        return subscriptions
                .find(pool, caller.orgId(), caller.projectId(), id)
                .map(found -> found.orElseThrow(Problems::notFound));
    }

    /** Deletes the subscription and abandons its pending deliveries. */
    public Uni<Void> delete(ProjectCaller caller, UUID id) {
        Instant now = clock.instant();
        return pool.withTransaction(tx -> subscriptions
                        .find(tx, caller.orgId(), caller.projectId(), id)
                        .flatMap(found -> {
                            if (found.isEmpty()) {
                                return Uni.createFrom().<Void>failure(Problems.notFound());
                            }
                            // the subscription's row before its deliveries', the order in which an attempt is recorded
                            // (DeliveryDispatcher.record), so that a delete during an attempt waits for it instead of
                            // deadlocking with it
                            return subscriptions
                                    .lock(tx, id)
                                    .flatMap(locked -> deliveries.abandonPending(tx, id, "subscription deleted", now))
                                    .flatMap(abandoned ->
                                            subscriptions.markDeleted(tx, caller.orgId(), caller.projectId(), id, now))
                                    .flatMap(deleted -> deleted
                                            ? Uni.createFrom().voidItem()
                                            : Uni.createFrom().<Void>failure(Problems.notFound()));
                        }))
                .invoke(subscribers::changedHere);
    }

    /**
     * Replaces the secret; the replaced one keeps signing (second signature) until the rotation window ends. A
     * rotation inside a running window drops the oldest secret.
     */
    public Uni<WithSecret> rotateSecret(ProjectCaller caller, UUID id) {
        Instant now = clock.instant();
        SigningSecret fresh = SigningSecret.generate(random);
        return pool.withTransaction(tx -> subscriptions
                        .lockSecrets(tx, caller.orgId(), caller.projectId(), id)
                        .flatMap(found -> {
                            if (found.isEmpty()) {
                                return Uni.createFrom().<Void>failure(Problems.notFound());
                            }
                            return subscriptions.rotate(
                                    tx,
                                    id,
                                    cipher.encrypt(id, fresh),
                                    found.get().current(),
                                    now.plus(config.secretRotationWindow()),
                                    now);
                        })
                        .flatMap(v -> subscriptions.find(tx, caller.orgId(), caller.projectId(), id)))
                .map(found -> new WithSecret(found.orElseThrow(Problems::notFound), fresh));
    }

    /** Re-enables a disabled subscription (its failure streak starts again at zero). */
    public Uni<Subscription> enable(ProjectCaller caller, UUID id) {
        return subscriptions
                .enable(pool, caller.orgId(), caller.projectId(), id, clock.instant())
                .invoke(subscribers::changedHere)
                .flatMap(enabled -> get(caller, id));
    }
}
