package dev.taskgate.webhooks.delivery;

import java.net.InetAddress;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.DoubleSupplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.jboss.logging.Logger;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;

import dev.taskgate.webhooks.WebhooksConfig;
import dev.taskgate.webhooks.delivery.db.DeliveryRepository;
import dev.taskgate.webhooks.delivery.db.DeliveryRepository.Claimed;
import dev.taskgate.webhooks.destination.DestinationGuard;
import dev.taskgate.webhooks.destination.DestinationRefusedException;
import dev.taskgate.webhooks.secret.SecretCipher;
import dev.taskgate.webhooks.secret.SigningSecret;
import dev.taskgate.webhooks.subscription.db.SubscriptionRepository;

/**
 * Claims due deliveries ({@code for update skip locked}, with a lease) and makes one attempt for each: resolve and
 * check the destination, sign the exact payload bytes with the subscription's secret(s), POST, and record the
 * attempt and the delivery's next state in one transaction. Woken after new deliveries are stored and by a
 * fallback timer. Never touches an execution: a failed delivery only changes this service's own rows.
 */
@ApplicationScoped
public class DeliveryDispatcher {
    private static final Logger LOG = Logger.getLogger(DeliveryDispatcher.class);
    private static final int MAX_ERROR_LENGTH = 500;

    private final Pool pool;
    private final Vertx vertx;
    private final WebhooksConfig config;
    private final DeliveryRepository deliveries;
    private final SubscriptionRepository subscriptions;
    private final SecretCipher cipher;
    private final DestinationGuard guard;
    private final WebhookSender sender;
    private final Clock clock;
    private final RetrySchedule schedule;
    private final ResponseClassifier classifier;
    private final Duration maxRetryAfter;
    private final DoubleSupplier random = () -> ThreadLocalRandom.current().nextDouble();

    private final AtomicBoolean claiming = new AtomicBoolean();
    private final AtomicBoolean wakeRequested = new AtomicBoolean();
    private final AtomicBoolean failing = new AtomicBoolean();
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile boolean stopped = true;
    private long timerId = -1;

    private final DeliveryMeters meters;

    DeliveryDispatcher(
            Pool pool,
            Vertx vertx,
            WebhooksConfig config,
            DeliveryRepository deliveries,
            SubscriptionRepository subscriptions,
            SecretCipher cipher,
            DestinationGuard guard,
            WebhookSender sender,
            Clock clock,
            DeliveryMeters meters) {
        this.meters = meters;
        this.pool = pool;
        this.vertx = vertx;
        this.config = config;
        this.deliveries = deliveries;
        this.subscriptions = subscriptions;
        this.cipher = cipher;
        this.guard = guard;
        this.sender = sender;
        this.clock = clock;
        this.schedule =
                new RetrySchedule(config.retry().schedule(), config.retry().jitter());
        this.classifier = new ResponseClassifier(config.retry().retryClientErrors());
        this.maxRetryAfter = config.retry().maxRetryAfter();
        if (config.claimLease().compareTo(config.requestTimeout()) <= 0) {
            throw new IllegalStateException("taskgate.webhooks.claim-lease (" + config.claimLease()
                    + ") must exceed taskgate.webhooks.request-timeout (" + config.requestTimeout() + ")");
        }
    }

    void start(@Observes StartupEvent event) {
        stopped = false;
        timerId = vertx.setPeriodic(config.pollInterval().toMillis(), id -> wake());
    }

    void stop(@Observes ShutdownEvent event) {
        stopped = true;
        if (timerId >= 0) {
            vertx.cancelTimer(timerId);
        }
    }

    /** Asks for a claim pass now; if one is running, another follows it. Never blocks. */
    public void wake() {
        wakeRequested.set(true);
        if (stopped || !claiming.compareAndSet(false, true)) {
            return;
        }
        wakeRequested.set(false);
        int room = config.maxInFlight() - inFlight.get();
        if (room <= 0) {
            claiming.set(false);
            return;
        }
        Instant now = clock.instant();
        deliveries
                .claimDue(pool, now, now.plus(config.claimLease()), room)
                .subscribe()
                .with(
                        claimed -> {
                            claiming.set(false);
                            if (failing.compareAndSet(true, false)) {
                                LOG.info("Delivery claims recovered");
                            }
                            for (Claimed c : claimed) {
                                inFlight.incrementAndGet();
                                attempt(c).subscribe().with(v -> finished(), f -> {
                                    LOG.warnf(
                                            f,
                                            "Recording a delivery attempt failed; the lease makes it due again "
                                                    + "[deliveryId=%s webhookId=%s attempt=%d]",
                                            c.id(),
                                            c.webhookId(),
                                            c.attempt());
                                    finished();
                                });
                            }
                            if (claimed.size() == room || wakeRequested.get()) {
                                wake();
                            }
                        },
                        failure -> {
                            claiming.set(false);
                            if (failing.compareAndSet(false, true)) {
                                LOG.warnf(
                                        failure,
                                        "Claiming due deliveries failed, retrying every poll [pollInterval=%s]",
                                        config.pollInterval());
                            }
                        });
    }

    private void finished() {
        inFlight.decrementAndGet();
        if (wakeRequested.get()) {
            wake();
        }
    }

    /** One attempt of a claimed delivery, recorded. */
    Uni<Void> attempt(Claimed d) {
        Instant started = clock.instant();
        long t0 = System.nanoTime();
        URI url = URI.create(d.url());
        return Uni.createFrom()
                .<InetAddress>emitter(e -> {
                    try {
                        e.complete(guard.resolve(url));
                    } catch (DestinationRefusedException ex) {
                        e.fail(ex);
                    }
                })
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .flatMap(address -> sender.post(url, address, headers(d), d.payload()))
                .map(answer -> Result.answered(answer, classifier, clock.instant(), maxRetryAfter))
                .onFailure()
                .recoverWithItem(Result::failed)
                .flatMap(result -> record(d, started, (System.nanoTime() - t0) / 1_000_000, result));
    }

    private Map<String, String> headers(Claimed d) {
        Instant now = clock.instant();
        List<SigningSecret> secrets = new ArrayList<>(2);
        secrets.add(cipher.decrypt(d.subscriptionId(), d.secret()));
        if (d.previousSecret() != null
                && d.previousSecretExpiresAt() != null
                && d.previousSecretExpiresAt().isAfter(now)) {
            secrets.add(cipher.decrypt(d.subscriptionId(), d.previousSecret()));
        }
        // Standard Webhooks §1.1: a fresh timestamp and signature per attempt, the same webhook-id
        long timestamp = now.getEpochSecond();
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("content-type", "application/json");
        headers.put("user-agent", "Taskgate-Webhooks/1");
        headers.put("webhook-id", d.webhookId());
        headers.put("webhook-timestamp", Long.toString(timestamp));
        headers.put("webhook-signature", WebhookSigner.signatureHeader(d.webhookId(), timestamp, d.payload(), secrets));
        return headers;
    }

    /**
     * Records the attempt in one transaction. The subscription's failure streak is counted before the delivery's row
     * is touched: a streak that disables the subscription abandons all its pending deliveries, so a recorder must not
     * hold one of them while it waits for the subscription (two recorders deadlocked that way and the aborted one's
     * attempt went unrecorded). A failure always locks the subscription's row, so failures of one subscription are
     * recorded one after the other; a success locks it only while a streak is running, so a healthy subscription's
     * attempts are recorded side by side.
     */
    private Uni<Void> record(Claimed d, Instant started, long durationMs, Result result) {
        Instant now = clock.instant();
        return pool.withTransaction(tx -> countStreak(tx, d, result)
                        .flatMap(streak -> deliveries
                                .insertAttempt(
                                        tx,
                                        d.id(),
                                        d.attempt(),
                                        started,
                                        durationMs,
                                        result.status(),
                                        result.outcome(),
                                        result.error())
                                .flatMap(v -> settle(tx, d, result, now))
                                .flatMap(v -> disableIfDue(tx, d, result, streak, now))))
                .invoke(() -> meters.attempted(result.outcome(), durationMs));
    }

    /** The subscription's failure streak after this attempt: 0 after a success. */
    private Uni<Integer> countStreak(SqlConnection tx, Claimed d, Result result) {
        return result.outcome() == AttemptOutcome.DELIVERED
                ? subscriptions.recordSuccess(tx, d.subscriptionId()).replaceWith(0)
                : subscriptions.recordFailure(tx, d.subscriptionId());
    }

    private Uni<Boolean> settle(SqlConnection tx, Claimed d, Result result, Instant now) {
        switch (result.outcome()) {
            case DELIVERED:
                return deliveries.settle(tx, d.id(), d.attempt(), Delivery.DELIVERED, null, result.status(), null, now);
            case RETRY:
                Optional<Instant> next =
                        schedule.nextAttemptAt(d.attempt(), now, random.getAsDouble(), result.retryAfter());
                LOG.debugf(
                        "Delivery attempt failed [deliveryId=%s webhookId=%s attempt=%d status=%s error=%s next=%s]",
                        d.id(), d.webhookId(), d.attempt(), result.status(), result.error(), next.orElse(null));
                return deliveries.settle(
                        tx,
                        d.id(),
                        d.attempt(),
                        next.isPresent() ? Delivery.PENDING : Delivery.FAILED,
                        next.orElse(null),
                        result.status(),
                        result.error(),
                        next.isPresent() ? null : now);
            default:
                return deliveries.settle(
                        tx, d.id(), d.attempt(), Delivery.FAILED, null, result.status(), result.error(), now);
        }
    }

    /** Disables the subscription after a 410 or a long enough streak, abandoning its pending deliveries. */
    private Uni<Void> disableIfDue(SqlConnection tx, Claimed d, Result result, int streak, Instant now) {
        String reason;
        if (result.outcome() == AttemptOutcome.DELIVERED) {
            return Uni.createFrom().voidItem();
        } else if (result.status() != null && ResponseClassifier.isGone(result.status())) {
            reason = "The endpoint answered 410 Gone; deliveries stopped.";
        } else if (streak >= config.disableAfterConsecutiveFailures()) {
            reason = streak + " consecutive delivery attempts failed; last: " + result.describe() + ".";
        } else {
            return Uni.createFrom().voidItem();
        }
        return subscriptions.disable(tx, d.subscriptionId(), reason, now).flatMap(disabled -> {
            if (!disabled) {
                return Uni.createFrom().voidItem();
            }
            LOG.warnf("Subscription disabled [subscriptionId=%s reason=%s]", d.subscriptionId(), reason);
            meters.subscriptionDisabled();
            return deliveries
                    .abandonPending(tx, d.subscriptionId(), "subscription disabled", now)
                    .replaceWithVoid();
        });
    }

    /** What an attempt came to. */
    record Result(Integer status, AttemptOutcome outcome, String error, Duration retryAfter) {
        static Result answered(ReceiverAnswer answer, ResponseClassifier classifier, Instant now, Duration max) {
            int status = answer.status();
            AttemptOutcome outcome = classifier.classify(status);
            Duration wait = RetryAfter.parse(answer.retryAfter(), now).orElse(Duration.ZERO);
            return new Result(
                    status,
                    outcome,
                    outcome == AttemptOutcome.DELIVERED ? null : "HTTP " + status,
                    wait.compareTo(max) > 0 ? max : wait);
        }

        static Result failed(Throwable failure) {
            if (failure instanceof DestinationRefusedException) {
                DestinationRefusedException refused = (DestinationRefusedException) failure;
                return new Result(
                        null,
                        refused.isRetryable() ? AttemptOutcome.RETRY : AttemptOutcome.REFUSED,
                        truncate(refused.getMessage()),
                        Duration.ZERO);
            }
            String message = failure instanceof TimeoutException
                    ? "timeout: " + failure.getMessage()
                    : failure.getClass().getSimpleName() + ": " + failure.getMessage();
            return new Result(null, AttemptOutcome.RETRY, truncate(message), Duration.ZERO);
        }

        String describe() {
            return error != null ? error : "HTTP " + status;
        }

        private static String truncate(String s) {
            return s == null || s.length() <= MAX_ERROR_LENGTH ? s : s.substring(0, MAX_ERROR_LENGTH);
        }
    }
}
