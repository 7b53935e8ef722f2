package dev.taskgate.jobctl.deadletter;

import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.MessageHeaders;
import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.contracts.operator.DeadLetter;
import dev.taskgate.contracts.operator.DeadLetterPage;
import dev.taskgate.contracts.operator.OperatorActions;
import dev.taskgate.jobctl.deadletter.db.ReplayRepository;
import dev.taskgate.jobctl.deadletter.kafka.DeadLetterTopicReader;
import dev.taskgate.jobctl.deadletter.kafka.DeadLetterTopicReader.KafkaUnavailableException;
import dev.taskgate.jobctl.operator.OperatorCall;
import dev.taskgate.jobctl.operator.OperatorParams;
import dev.taskgate.jobctl.operator.audit.AuditLog;

/**
 * The operator's list of dead-lettered records: metadata only (where, whence, why, whether replayed), never a
 * value. Every call is audited, refused ones included.
 */
@ApplicationScoped
public class DeadLetterQueries {
    private final DeadLetterTopics topics;
    private final DeadLetterTopicReader reader;
    private final ReplayRepository replays;
    private final AuditLog audit;
    private final Pool pool;

    DeadLetterQueries(
            DeadLetterTopics topics,
            DeadLetterTopicReader reader,
            ReplayRepository replays,
            AuditLog audit,
            Pool pool) {
        this.topics = topics;
        this.reader = reader;
        this.replays = replays;
        this.audit = audit;
        this.pool = pool;
    }

    /**
     * A page of dead-lettered records by topic, partition and offset.
     *
     * @param topic     one dead-letter topic, or all when {@code null}
     * @param partition one partition (with a topic only), or all when {@code null}
     * @param limit     page size, 1–100 (default 20)
     * @param cursor    the previous page's {@code nextCursor}, or {@code null} for the first page
     */
    public Uni<DeadLetterPage> list(OperatorCall call, String topic, String partition, String limit, String cursor) {
        Request request;
        try {
            request = request(call, topic, partition, limit, cursor);
        } catch (DeadLetterException e) {
            return refused(call, e);
        } catch (RuntimeException e) {
            return refused(call, DeadLetterException.invalid(e.getMessage()));
        }
        return Uni.createFrom()
                .item(() -> reader.read(request.topics(), request.from(), request.partition(), request.size() + 1))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .onFailure(KafkaUnavailableException.class)
                .transform(e -> DeadLetterException.unavailable("Kafka did not answer in time; try again shortly."))
                .flatMap(found -> page(found, request.size()))
                .onFailure(DeadLetterException.class)
                .recoverWithUni(e -> refused(call, e))
                .flatMap(page -> audit.record(call, OperatorActions.DEADLETTERS_LIST, topic, null, AuditEntry.OK)
                        .map(id -> page));
    }

    private Uni<DeadLetterPage> page(List<DeadLetterRecord> found, int size) {
        List<DeadLetterRecord> items = found.size() > size ? found.subList(0, size) : found;
        String next = found.size() > size ? found.get(size).position() : null;
        List<DeadLetterPosition> positions = items.stream()
                .map(r -> DeadLetterPosition.of(r.topic(), r.partition(), r.offset()))
                .toList();
        return replays.find(pool, positions)
                .map(replayed -> new DeadLetterPage(
                        items.stream().map(r -> view(r, replayed)).toList(), next));
    }

    private DeadLetter view(DeadLetterRecord r, Map<DeadLetterPosition, ReplayRepository.Replay> replayed) {
        ReplayRepository.Replay replay = replayed.get(DeadLetterPosition.of(r.topic(), r.partition(), r.offset()));
        return new DeadLetter(
                r.topic(),
                r.partition(),
                r.offset(),
                r.timestamp(),
                r.keyText(),
                topics.sourceOf(r.topic()).orElseThrow(),
                number(r.header(MessageHeaders.DLQ_PARTITION), Integer::valueOf),
                number(r.header(MessageHeaders.DLQ_OFFSET), Long::valueOf),
                r.header(MessageHeaders.DLQ_REASON),
                r.header(MessageHeaders.DLQ_CAUSE),
                r.header(MessageHeaders.MESSAGE_TYPE),
                r.header(MessageHeaders.MESSAGE_ID),
                replay == null ? null : replay.lastReplayedAt(),
                replay == null ? 0 : replay.replays());
    }

    // a header that is not a number is shown as absent: it is the consumer's, not the operator's, mistake
    private static <T> T number(String text, java.util.function.Function<String, T> parse) {
        try {
            return text == null ? null : parse.apply(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private <T> Uni<T> refused(OperatorCall call, DeadLetterException e) {
        return audit.record(call, OperatorActions.DEADLETTERS_LIST, null, null, e.outcome())
                .flatMap(id -> Uni.createFrom().failure(e));
    }

    private Request request(OperatorCall call, String topic, String partition, String limit, String cursor) {
        if (!topics.mayOperate(call.workspace())) {
            throw DeadLetterException.notOperatorProject();
        }
        int size;
        try {
            size = OperatorParams.limit(limit);
        } catch (RuntimeException e) {
            throw DeadLetterException.invalid(e.getMessage());
        }
        if (topic != null && topics.sourceOf(topic).isEmpty()) {
            throw DeadLetterException.invalid("topic must be one of " + topics.all() + ".");
        }
        if (partition != null && topic == null) {
            throw DeadLetterException.invalid("partition needs a topic.");
        }
        Integer only = partition == null ? null : DeadLetterParams.partition(partition);
        List<String> listed = topic == null ? topics.all() : List.of(topic);
        DeadLetterTopicReader.Position from = null;
        if (cursor != null) {
            DeadLetterPosition at = DeadLetterPosition.parse(cursor);
            if (!listed.contains(at.topic()) || (only != null && only != at.partition())) {
                throw DeadLetterException.invalid("cursor does not belong to this list.");
            }
            from = new DeadLetterTopicReader.Position(at.topic(), at.partition(), at.offset());
        }
        return new Request(listed, only, size, from);
    }

    private record Request(List<String> topics, Integer partition, int size, DeadLetterTopicReader.Position from) {}
}
