package dev.taskgate.jobctl.outbox;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jboss.logging.Logger;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.db.Transactions;
import dev.taskgate.serviceauth.KafkaClientSecurity;
import dev.taskgate.tracing.TraceContext;

/**
 * Publishes {@code jobctl.outbox} rows to Kafka: take the cluster-wide relay lock, lock a batch in id order, send
 * every record, await every acknowledgement, delete the rows, commit. A failed send rolls the batch back; the rows
 * are sent again on the next pass, so delivery is at least once and consumers deduplicate.
 *
 * <p>Woken right after every commit that wrote rows ({@link #wake()}) and by a fallback timer, which first asks
 * whether any row is waiting (one statement, no transaction: the usual answer at rest is no). Only one pass
 * runs at a time in this process. A pass that finds the relay lock held by another instance looks again
 * {@value #LOCK_RETRY_MILLIS} ms later, up to {@value #LOCK_RETRIES} times: that instance's pass may have selected its
 * batch before this instance's rows committed, and they should not wait for the fallback timer.
 */
@ApplicationScoped
public class OutboxRelay {

    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);

    /*
     * One relay pass at a time across all job-control instances: two instances publishing different
     * batches concurrently could reorder the records of one execution on its partition. The lock is
     * transaction-scoped, so a crashed instance releases it with its connection.
     */
    private static final String RELAY_LOCK = "pg_try_advisory_xact_lock(hashtext('jobctl.outbox-relay'))";

    /*
     * The lock and the batch in one round trip: the materialized CTE tries the lock once, and the batch is selected
     * only when it was taken. Without the lock the answer is one row with locked = false; with it and nothing to send,
     * one row with a null id. The statement's snapshot is taken before the lock, so a batch an instance that just let
     * go of the lock deleted may still be in it: for update skips rows deleted since, as it skips them when it waits.
     */
    private static final String LOCK_AND_SELECT_BATCH = "with relay as materialized (select " + RELAY_LOCK
            + " as locked) select relay.locked, o.id, o.topic, o.record_key, o.message_id, o.message_type, o.payload, "
            + "o.traceparent, o.tracestate from relay left join lateral (select id, topic, record_key, message_id, "
            + "message_type, payload, traceparent, tracestate from jobctl.outbox where relay.locked "
            + "order by id limit $1 for update) o on true order by o.id";

    private static final String SET_ASIDE = "insert into jobctl.outbox_refused (id, topic, record_key, message_id, "
            + "message_type, payload_bytes, created_at, refused_at, reason) select id, topic, record_key, message_id, "
            + "message_type, octet_length(payload), created_at, now(), $2 from jobctl.outbox where id = $1";

    static final String REFUSED_METRIC = "taskgate.outbox.refused";

    /** What {@link #relayBatch()} answers when another instance holds the relay lock. */
    static final int LOCK_HELD_ELSEWHERE = -1;

    static final long LOCK_RETRY_MILLIS = 25;
    // bounded, so that an instance stalled while holding the lock costs the others a few passes per fallback poll
    static final int LOCK_RETRIES = 3;

    private final Pool pool;
    private final Vertx vertx;
    private final JobControlConfig config;
    private final Map<String, Object> kafkaDefaults;

    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean wakeRequested = new AtomicBoolean();
    private final AtomicBoolean failing = new AtomicBoolean();
    private final AtomicInteger lockRetries = new AtomicInteger();
    private final Counter refusedCount;
    private volatile KafkaProducer<String, byte[]> producer;
    private volatile boolean stopped;
    private long timerId = -1;

    OutboxRelay(
            Pool pool,
            Vertx vertx,
            JobControlConfig config,
            @Identifier("default-kafka-broker") Map<String, Object> kafkaDefaults,
            MeterRegistry registry) {
        this.pool = pool;
        // records set aside because Kafka refused them for their size (docs/operations.md "Metrics")
        this.refusedCount = registry.counter(REFUSED_METRIC);
        this.vertx = vertx;
        this.config = config;
        this.kafkaDefaults = kafkaDefaults;
    }

    void start(@Observes StartupEvent event) {
        producer = new KafkaProducer<>(producerConfig());
        timerId = vertx.setPeriodic(config.outbox().pollInterval().toMillis(), id -> fallback());
    }

    void stop(@Observes ShutdownEvent event) {
        stopped = true;
        if (timerId >= 0) {
            vertx.cancelTimer(timerId);
        }
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
        }
    }

    /** Asks for a relay pass now; if one is running, another follows it. Never blocks. */
    public void wake() {
        wakeRequested.set(true);
        if (stopped || producer == null || !running.compareAndSet(false, true)) {
            return;
        }
        wakeRequested.set(false);
        relayBatch()
                .subscribe()
                .with(
                        sent -> {
                            running.set(false);
                            if (failing.compareAndSet(true, false)) {
                                LOG.info("Outbox relay recovered");
                            }
                            if (sent == LOCK_HELD_ELSEWHERE) {
                                retryForLock();
                            } else {
                                lockRetries.set(0);
                            }
                            if (sent == config.outbox().batchSize() || wakeRequested.get()) {
                                wake();
                            }
                        },
                        failure -> {
                            running.set(false);
                            // log once per failure streak; the fallback timer retries
                            if (failing.compareAndSet(false, true)) {
                                LOG.warnf(
                                        failure,
                                        "Outbox relay failed, retrying every poll [pollInterval=%s]",
                                        config.outbox().pollInterval());
                            }
                        });
    }

    // The fallback timer's pass. At rest the outbox is empty, and one statement outside a transaction says so: the
    // pass itself would cost a transaction (begin, the lock and batch, commit) every poll interval.
    private void fallback() {
        if (stopped || running.get()) {
            return;
        }
        needsPass()
                .subscribe()
                .with(
                        needed -> {
                            if (needed) {
                                wake();
                            }
                        },
                        failure -> wake()); // the pass fails the same way: it logs, and readiness reports it
    }

    /**
     * Whether the fallback timer should run a pass: rows are waiting, or the last pass failed (only a pass that
     * succeeds clears that, whatever the outbox holds).
     */
    Uni<Boolean> needsPass() {
        if (failing.get()) {
            return Uni.createFrom().item(true);
        }
        return pool.preparedQuery("select exists (select 1 from jobctl.outbox) as waiting")
                .execute()
                .map(rows -> rows.iterator().next().getBoolean("waiting"));
    }

    private void retryForLock() {
        if (lockRetries.incrementAndGet() <= LOCK_RETRIES) {
            vertx.setTimer(LOCK_RETRY_MILLIS, id -> wake());
        }
    }

    /** Whether the last relay pass failed (readiness reports it). */
    public boolean isFailing() {
        return failing.get();
    }

    /** One pass: returns how many records were published ({@link #LOCK_HELD_ELSEWHERE} when another instance holds the relay lock). */
    Uni<Integer> relayBatch() {
        AtomicInteger setAside = new AtomicInteger();
        return Transactions.within(pool, tx -> pass(tx, setAside))
                // counted once committed: a pass that fails sets the same rows aside again
                .invoke(sent -> refusedCount.increment(setAside.get()));
    }

    /** The pass's transaction; {@code setAside} receives how many records were set aside for their size. */
    private Uni<Integer> pass(SqlConnection tx, AtomicInteger setAside) {
        return tx.preparedQuery(LOCK_AND_SELECT_BATCH)
                .execute(Tuple.of(config.outbox().batchSize()))
                .flatMap(rows -> {
                    List<ProducerRecord<String, byte[]>> records = new ArrayList<>(rows.size());
                    List<Long> ids = new ArrayList<>(rows.size());
                    for (Row row : rows) {
                        if (!row.getBoolean("locked")) {
                            return Uni.createFrom().item(LOCK_HELD_ELSEWHERE);
                        }
                        Long id = row.getLong("id");
                        if (id != null) {
                            ids.add(id);
                            records.add(toRecord(row));
                        }
                    }
                    if (records.isEmpty()) {
                        return Uni.createFrom().item(0);
                    }
                    return sendAll(records)
                            .invoke(refused -> setAside.set(refused.size()))
                            .flatMap(refused -> setAside(tx, ids, records, refused))
                            .flatMap(v -> delete(tx, ids.toArray(Long[]::new)))
                            .replaceWith(records.size());
                });
    }

    private static ProducerRecord<String, byte[]> toRecord(Row row) {
        ProducerRecord<String, byte[]> record = new ProducerRecord<>(
                row.getString("topic"),
                row.getString("record_key"),
                row.getBuffer("payload").getBytes());
        record.headers()
                .add(
                        MessageHeaders.MESSAGE_ID,
                        row.getUUID("message_id").toString().getBytes(StandardCharsets.UTF_8));
        record.headers()
                .add(MessageHeaders.MESSAGE_TYPE, row.getString("message_type").getBytes(StandardCharsets.UTF_8));
        // the trace of the handling that wrote the row, not the relay's: one execution stays one trace
        String traceparent = row.getString("traceparent");
        if (traceparent != null) {
            new TraceContext(traceparent, row.getString("tracestate")).writeTo(record.headers());
        }
        return record;
    }

    /**
     * Sends every record and awaits every acknowledgement. A record refused for its size is answered, not thrown: it
     * would be refused on every pass, and the relay publishes in order, so it would stop every record after it.
     *
     * @return those refused for their size, in order
     */
    private Uni<List<Refused>> sendAll(List<ProducerRecord<String, byte[]>> records) {
        // send() may block on metadata and we wait for every ack: keep both off the event loop
        return Uni.createFrom()
                .item(() -> {
                    List<Future<RecordMetadata>> acks = new ArrayList<>(records.size());
                    for (ProducerRecord<String, byte[]> record : records) {
                        acks.add(producer.send(record));
                    }
                    List<Refused> refused = new ArrayList<>();
                    for (int i = 0; i < acks.size(); i++) {
                        try {
                            acks.get(i).get();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new IllegalStateException("interrupted while awaiting Kafka acknowledgements", e);
                        } catch (ExecutionException e) {
                            if (!(e.getCause() instanceof RecordTooLargeException)) {
                                throw new IllegalStateException(
                                        "Kafka send failed: " + e.getCause().getMessage(), e.getCause());
                            }
                            refused.add(new Refused(i, e.getCause().toString()));
                        }
                    }
                    return refused;
                })
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    /** A record of a batch refused for its size: its position in the batch, and the producer's or broker's reason. */
    private record Refused(int position, String reason) {}

    /**
     * Notes the rows refused for their size in {@code jobctl.outbox_refused} (what they were, why refused; not their
     * payload) for an operator: they leave the outbox with the rest of the batch. Work records are checked before they
     * are written ({@link OutboxWriter#fits}) and the others are bounded where they come from; this is the last line for
     * a broker whose {@code message.max.bytes} is below {@code jobctl.outbox.max-record-bytes}, or a bound overlooked.
     */
    private Uni<Void> setAside(
            SqlConnection tx, List<Long> ids, List<ProducerRecord<String, byte[]>> records, List<Refused> refused) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (Refused refusal : refused) {
            int i = refusal.position();
            ProducerRecord<String, byte[]> record = records.get(i);
            LOG.errorf(
                    "Outbox record refused for its size; noted in jobctl.outbox_refused, not published [id=%d "
                            + "topic=%s key=%s bytes=%d maxBytes=%d]",
                    ids.get(i),
                    record.topic(),
                    record.key(),
                    record.value().length,
                    config.outbox().maxRecordBytes());
            chain = chain.flatMap(v -> tx.preparedQuery(SET_ASIDE)
                    .execute(Tuple.of(ids.get(i), refusal.reason()))
                    .replaceWithVoid());
        }
        return chain;
    }

    private static Uni<Void> delete(SqlConnection tx, Long[] ids) {
        return tx.preparedQuery("delete from jobctl.outbox where id = any($1)")
                .execute(Tuple.of(ids))
                .replaceWithVoid();
    }

    private Map<String, Object> producerConfig() {
        Map<String, Object> p = new HashMap<>(KafkaClientSecurity.of(kafkaDefaults));
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafkaDefaults.get(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG));
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "job-control-outbox-" + config.instanceId());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        // each record here is on a caller's critical path: send at once (kafka-clients 4 defaults linger.ms to 5)
        p.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        // rows are checked against it before they are written (OutboxWriter.fits); one refused all the same is set
        // aside
        p.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, config.outbox().maxRecordBytes());
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000);
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000);
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return p;
    }
}
