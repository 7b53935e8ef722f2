package dev.taskgate.jobctl.deadletter;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;

import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.contracts.operator.DeadLetterReplays;
import dev.taskgate.contracts.operator.OperatorActions;
import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.db.Transactions;
import dev.taskgate.jobctl.deadletter.db.ReplayRepository;
import dev.taskgate.jobctl.deadletter.kafka.DeadLetterTopicReader;
import dev.taskgate.jobctl.deadletter.kafka.DeadLetterTopicReader.KafkaUnavailableException;
import dev.taskgate.jobctl.deadletter.kafka.ReplayPublisher;
import dev.taskgate.jobctl.metrics.DeadLetterMeters;
import dev.taskgate.jobctl.operator.OperatorCall;
import dev.taskgate.jobctl.operator.audit.AuditLog;

/**
 * Replays dead-lettered records (docs/kafka.md "Dead-letter topics"): each is published again, byte for byte with
 * its original headers, to the topic it was consumed from, where its consumer verifies the original producer's
 * signature and handles it idempotently. One transaction per call counts the replays and writes the audit entry; a
 * record replayed before is refused (409, nothing published) unless the call forces it.
 */
@ApplicationScoped
public class DeadLetterReplayService {
    private static final Logger LOG = Logger.getLogger(DeadLetterReplayService.class);

    private final DeadLetterTopics topics;
    private final DeadLetterTopicReader reader;
    private final ReplayPublisher publisher;
    private final ReplayRepository replays;
    private final AuditLog audit;
    private final Pool pool;
    private final DbClock clock;
    private final DeadLetterMeters meters;

    DeadLetterReplayService(
            DeadLetterTopics topics,
            DeadLetterTopicReader reader,
            ReplayPublisher publisher,
            ReplayRepository replays,
            AuditLog audit,
            Pool pool,
            DbClock clock,
            DeadLetterMeters meters) {
        this.meters = meters;
        this.topics = topics;
        this.reader = reader;
        this.publisher = publisher;
        this.replays = replays;
        this.audit = audit;
        this.pool = pool;
        this.clock = clock;
    }

    /**
     * Replays the records of one partition of a dead-letter topic with offsets in [{@code from}, {@code to}]
     * ({@code to} {@code null}: the one record at {@code from}).
     *
     * @param force {@code "true"} replays records that were replayed before too
     */
    public Uni<DeadLetterReplays> replay(
            OperatorCall call, String topic, String partition, String from, String to, String force) {
        String target = topic + "/" + partition + "/" + from + (to == null ? "" : "-" + to);
        Request request;
        try {
            request = request(call, topic, partition, from, to, force);
        } catch (DeadLetterException e) {
            return refused(call, target, e);
        }
        return Uni.createFrom()
                .item(() -> reader.range(topic, request.partition(), request.from(), request.to()))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .onFailure(KafkaUnavailableException.class)
                .transform(e -> DeadLetterException.unavailable("Kafka did not answer in time; try again shortly."))
                .map(found -> checked(found, request))
                .flatMap(found -> Transactions.within(pool, tx -> replay(tx, call, target, request, found)))
                .onFailure(DeadLetterException.class)
                .recoverWithUni(e -> refused(call, target, e));
    }

    private List<DeadLetterRecord> checked(List<DeadLetterRecord> found, Request request) {
        if (found.isEmpty()) {
            throw DeadLetterException.notFound("No dead-lettered record at " + request.topic() + "/"
                    + request.partition() + "/" + request.from() + (request.single() ? "" : "-" + request.to())
                    + ".");
        }
        for (DeadLetterRecord r : found) {
            String consumedFrom = r.header(MessageHeaders.DLQ_TOPIC);
            // the signature covers the topic: published anywhere else it would only be dead-lettered again
            if (consumedFrom != null && !consumedFrom.equals(request.source())) {
                throw DeadLetterException.unprocessable("The record " + r.position() + " was consumed from "
                        + consumedFrom + ", not " + request.source() + "; it is not replayed.");
            }
        }
        return found;
    }

    private Uni<DeadLetterReplays> replay(
            SqlConnection tx, OperatorCall call, String target, Request request, List<DeadLetterRecord> found) {
        // count every replay first: a refusal (409) then publishes nothing
        Uni<List<Integer>> counted = Multi.createFrom()
                .iterable(found)
                .onItem()
                .transformToUniAndConcatenate(r -> replays.countReplay(
                                tx,
                                DeadLetterPosition.of(r.topic(), r.partition(), r.offset()),
                                call.principal(),
                                clock.now())
                        .invoke(n -> {
                            if (n > 1 && !request.force()) {
                                throw DeadLetterException.alreadyReplayed(r.position());
                            }
                        }))
                .collect()
                .asList();
        return counted.flatMap(counts -> Multi.createFrom()
                        .range(0, found.size())
                        .onItem()
                        .transformToUniAndConcatenate(i -> publish(request.source(), found.get(i), counts.get(i)))
                        .collect()
                        .asList()
                        .onFailure(e -> !(e instanceof DeadLetterException))
                        .transform(e -> {
                            LOG.warnf("replay not acknowledged target=%s reason=%s", target, e.getMessage());
                            return DeadLetterException.unavailable(
                                    "Kafka did not acknowledge the replay; nothing is remembered as replayed, "
                                            + "try again shortly.");
                        }))
                .invoke(items -> meters.replayed(request.topic(), items.size())) // published, whatever follows
                .flatMap(
                        items -> audit.record(tx, call, OperatorActions.DEADLETTERS_REPLAY, target, null, AuditEntry.OK)
                                .map(id -> new DeadLetterReplays(items)));
    }

    private Uni<DeadLetterReplays.Replayed> publish(String source, DeadLetterRecord r, int count) {
        return publisher
                .publish(source, r)
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .map(to -> {
                    LOG.infof(
                            "dead letter replayed record=%s to=%s/%s messageId=%s replays=%d",
                            r.position(), source, to, r.header(MessageHeaders.MESSAGE_ID), count);
                    return new DeadLetterReplays.Replayed(r.topic(), r.partition(), r.offset(), source, to, count);
                });
    }

    private <T> Uni<T> refused(OperatorCall call, String target, DeadLetterException e) {
        return audit.record(call, OperatorActions.DEADLETTERS_REPLAY, target, null, e.outcome())
                .flatMap(id -> Uni.createFrom().failure(e));
    }

    private Request request(OperatorCall call, String topic, String partition, String from, String to, String force) {
        if (!topics.mayOperate(call.workspace())) {
            throw DeadLetterException.notOperatorProject();
        }
        int p = DeadLetterParams.partition(partition);
        long first = DeadLetterParams.offset(to == null ? "offset" : "from", from);
        long last = to == null ? first : DeadLetterParams.offset("to", to);
        boolean forced = DeadLetterParams.flag("force", force);
        String source = topics.sourceOf(topic)
                .orElseThrow(() -> DeadLetterException.notFound("No dead-letter topic " + topic + " here."));
        if (last < first) {
            throw DeadLetterException.invalid("to must not be below from.");
        }
        if (last - first >= DeadLetterParams.MAX_RANGE) {
            throw DeadLetterException.unprocessable(
                    "One call replays at most " + DeadLetterParams.MAX_RANGE + " offsets; split the range.");
        }
        return new Request(topic, source, p, first, last, to == null, forced);
    }

    private record Request(
            String topic, String source, int partition, long from, long to, boolean single, boolean force) {}
}
