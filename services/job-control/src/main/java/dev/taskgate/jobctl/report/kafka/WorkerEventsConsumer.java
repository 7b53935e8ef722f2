package dev.taskgate.jobctl.report.kafka;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.jobctl.auth.RecordAuthentication;
import dev.taskgate.jobctl.auth.kafka.SignedRecords;
import dev.taskgate.jobctl.metrics.DeadLetterMeters;
import dev.taskgate.jobctl.metrics.ReportTransactionMeters;
import dev.taskgate.jobctl.outbox.OutboxRelay;
import dev.taskgate.jobctl.payload.RecordSealing;
import dev.taskgate.jobctl.payload.kafka.OpenedRecords;
import dev.taskgate.jobctl.report.ReportScope;
import dev.taskgate.jobctl.report.WorkerReportService;
import dev.taskgate.jobctl.shutdown.RecordIntake;
import dev.taskgate.payload.PayloadUnreadableException;
import dev.taskgate.recordretry.RecordRetry;
import dev.taskgate.tracing.RecordTracing;

/**
 * Reads {@code taskgate.worker-events.v1} a poll at a time and applies the reports; the offsets are committed after
 * the effect. A record not signed by worker-pool ({@link RecordAuthentication}) is never applied and goes to the
 * dead-letter topic at once, as do records whose payload cannot be opened ({@link OpenedRecords}) and records that do
 * not parse. The readable reports of a poll are applied in order, up to {@link #REPORTS_PER_TRANSACTION} in one
 * transaction: reports that queued (under load, after an outage) share one commit. When such a transaction fails, its reports are applied again one by one, each in a transaction of its own,
 * so that only a report that fails alone is retried ({@link RecordRetry}: for as long as a dependency is away, else a
 * few times) and then dead-lettered. Reports applied twice are harmless: the compare-and-set on (state, epoch)
 * ignores the second time.
 */
@ApplicationScoped
public class WorkerEventsConsumer {

    /**
     * At most this many reports share a transaction: it holds their executions' rows locked until it commits, and
     * a poll after a backlog brings up to Kafka's {@code max.poll.records} (500).
     */
    static final int REPORTS_PER_TRANSACTION = 50;

    private static final Logger LOG = Logger.getLogger(WorkerEventsConsumer.class);

    private final WorkerReportService reports;
    private final OutboxRelay relay;
    private final RecordRetry retry;
    private final RecordAuthentication authentication;
    private final RecordSealing sealing;
    private final RecordTracing tracing;
    private final DeadLetterMeters deadLetters;
    private final RecordIntake intake;
    private final ReportTransactionMeters transactions;

    WorkerEventsConsumer(
            WorkerReportService reports,
            OutboxRelay relay,
            RecordRetry retry,
            RecordAuthentication authentication,
            RecordSealing sealing,
            RecordTracing tracing,
            DeadLetterMeters deadLetters,
            RecordIntake intake,
            ReportTransactionMeters transactions) {
        this.transactions = transactions;
        this.intake = intake;
        this.deadLetters = deadLetters;
        this.tracing = tracing;
        this.reports = reports;
        this.relay = relay;
        this.retry = retry;
        this.authentication = authentication;
        this.sealing = sealing;
    }

    /** A record of the poll: its report, or why it must not be applied (then {@code event} is null). */
    private record Report(KafkaRecord<String, String> record, WorkerEvent event, Throwable refusal) {}

    /**
     * Handles the records of one poll; each report in the span of its handling (a child of the worker's): the outbox
     * rows it writes (lifecycle, control) carry that span. The batch is acknowledged once every record in it is
     * applied or dead-lettered (the connector then commits the latest offset of each partition). Once the instance
     * stops, a batch is left unacknowledged: the instance that takes the partitions over applies it
     * ({@link RecordIntake}).
     */
    @Incoming("worker-events-in")
    public Uni<Void> onWorkerEvents(KafkaRecordBatch<String, String> batch) {
        if (!intake.admit()) {
            return Uni.createFrom().voidItem();
        }
        return Uni.createFrom()
                .deferred(() -> handle(batch))
                .chain(() -> Uni.createFrom().completionStage(batch.ack()))
                .onTermination()
                .invoke(intake::done);
    }

    private Uni<Void> handle(KafkaRecordBatch<String, String> batch) {
        List<Report> readable = new ArrayList<>();
        Uni<Void> handled = Uni.createFrom().voidItem();
        for (KafkaRecord<String, String> record : batch.getRecords()) {
            Report report = read(record);
            if (report.refusal() != null) {
                handled = handled.chain(() -> Uni.createFrom().completionStage(deadLetter(record, report.refusal())));
            } else {
                readable.add(report);
            }
        }
        for (int from = 0; from < readable.size(); from += REPORTS_PER_TRANSACTION) {
            List<Report> together = readable.subList(from, Math.min(readable.size(), from + REPORTS_PER_TRANSACTION));
            handled = handled.chain(() -> applyTogether(together));
        }
        return handled;
    }

    private Report read(KafkaRecord<String, String> record) {
        var refusal = SignedRecords.refusal(authentication, record, RecordAuthentication.WORKER_POOL);
        if (refusal.isPresent()) {
            return new Report(record, null, refusal.get());
        }
        try {
            return new Report(record, Wire.fromBytes(OpenedRecords.open(sealing, record), WorkerEvent.class), null);
        } catch (PayloadUnreadableException e) {
            return new Report(record, null, e); // logged; refused like a badly signed record
        } catch (Wire.MalformedRecordException | IllegalArgumentException e) {
            return new Report(record, null, e);
        }
    }

    /** One transaction for {@code together}; if it fails, each report alone. */
    private Uni<Void> applyTogether(List<Report> together) {
        List<WorkerEvent> events = together.stream().map(Report::event).toList();
        ReportScope scope = (index, handling) -> within(together.get(index), handling);
        return reports.applyAll(events, scope).onItemOrFailure().transformToUni((outboxWritten, failure) -> {
            if (failure == null) {
                transactions.committed(together.size());
                wakeRelayIf(outboxWritten);
                return Uni.createFrom().voidItem();
            }
            LOG.debugf(
                    failure, "Reports applied together failed; applying them one by one [reports=%d]", together.size());
            Uni<Void> alone = Uni.createFrom().voidItem();
            for (Report report : together) {
                alone = alone.chain(() -> applyAlone(report));
            }
            return alone;
        });
    }

    private Uni<Void> applyAlone(Report report) {
        return within(report, () -> retry.handle("worker-events-in", reports.apply(report.event())))
                .onItemOrFailure()
                .transformToUni((outboxWritten, failure) -> {
                    if (failure != null) {
                        return Uni.createFrom().completionStage(deadLetter(report.record(), failure));
                    }
                    transactions.committed(1);
                    wakeRelayIf(outboxWritten);
                    return Uni.createFrom().voidItem();
                });
    }

    private <T> Uni<T> within(Report report, Supplier<Uni<T>> handling) {
        return tracing.within(
                tracing.startConsumer(report.record()), report.event().executionId(), handling);
    }

    private void wakeRelayIf(boolean outboxWritten) {
        if (outboxWritten) {
            relay.wake();
        }
    }

    // the channel's failure strategy is dead-letter-queue: every nack sends the record there
    private CompletionStage<Void> deadLetter(Message<String> record, Throwable reason) {
        deadLetters.deadLettered(DeadLetterMeters.Source.WORKER_EVENTS);
        return record.nack(reason);
    }
}
