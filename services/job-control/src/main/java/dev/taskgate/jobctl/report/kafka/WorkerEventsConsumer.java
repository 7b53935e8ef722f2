package dev.taskgate.jobctl.report.kafka;

import java.util.concurrent.CompletionStage;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.jobctl.auth.RecordAuthentication;
import dev.taskgate.jobctl.auth.kafka.SignedRecords;
import dev.taskgate.jobctl.metrics.DeadLetterMeters;
import dev.taskgate.jobctl.outbox.OutboxRelay;
import dev.taskgate.jobctl.payload.RecordSealing;
import dev.taskgate.jobctl.payload.kafka.OpenedRecords;
import dev.taskgate.jobctl.report.WorkerReportService;
import dev.taskgate.jobctl.shutdown.RecordIntake;
import dev.taskgate.payload.PayloadUnreadableException;
import dev.taskgate.recordretry.RecordRetry;
import dev.taskgate.tracing.RecordTracing;

/**
 * Reads {@code taskgate.worker-events.v1} and applies each report; the offset is committed after the effect.
 * A record not signed by worker-pool ({@link RecordAuthentication}) is never applied and goes to the dead-letter
 * topic at once, as do records whose payload cannot be opened ({@link OpenedRecords}) and records that do not
 * parse. A handling failure is retried ({@link RecordRetry}): for as long as a dependency is away, else a few times
 * and then dead-lettered too. Redelivered reports are harmless: the compare-and-set on (state, epoch) ignores them.
 */
@ApplicationScoped
public class WorkerEventsConsumer {

    private final WorkerReportService reports;
    private final OutboxRelay relay;
    private final RecordRetry retry;
    private final RecordAuthentication authentication;
    private final RecordSealing sealing;
    private final RecordTracing tracing;
    private final DeadLetterMeters deadLetters;
    private final RecordIntake intake;

    WorkerEventsConsumer(
            WorkerReportService reports,
            OutboxRelay relay,
            RecordRetry retry,
            RecordAuthentication authentication,
            RecordSealing sealing,
            RecordTracing tracing,
            DeadLetterMeters deadLetters,
            RecordIntake intake) {
        this.intake = intake;
        this.deadLetters = deadLetters;
        this.tracing = tracing;
        this.reports = reports;
        this.relay = relay;
        this.retry = retry;
        this.authentication = authentication;
        this.sealing = sealing;
    }

    /**
     * Handles one worker report record, in the span of its handling (a child of the worker's): the outbox rows it
     * writes (lifecycle, control) carry that span. Once the instance stops, a record is left unacknowledged: the
     * instance that takes the partition over applies it ({@link RecordIntake}).
     */
    @Incoming("worker-events-in")
    public Uni<Void> onWorkerEvent(Message<String> record) {
        if (!intake.admit()) {
            return Uni.createFrom().voidItem();
        }
        return Uni.createFrom().deferred(() -> handle(record)).onTermination().invoke(intake::done);
    }

    private Uni<Void> handle(Message<String> record) {
        var refusal = SignedRecords.refusal(authentication, record, RecordAuthentication.WORKER_POOL);
        if (refusal.isPresent()) {
            return Uni.createFrom().completionStage(deadLetter(record, refusal.get()));
        }
        WorkerEvent event;
        try {
            event = Wire.fromBytes(OpenedRecords.open(sealing, record), WorkerEvent.class);
        } catch (PayloadUnreadableException e) {
            return Uni.createFrom()
                    .completionStage(deadLetter(record, e)); // logged; refused like a badly signed record
        } catch (Wire.MalformedRecordException | IllegalArgumentException e) {
            return Uni.createFrom().completionStage(deadLetter(record, e));
        }
        WorkerEvent report = event;
        return tracing.within(
                tracing.startConsumer(record),
                report.executionId(),
                () -> retry.handle("worker-events-in", reports.apply(report))
                        .onItemOrFailure()
                        .transformToUni((outboxWritten, failure) -> {
                            if (failure != null) {
                                return Uni.createFrom().completionStage(deadLetter(record, failure));
                            }
                            if (outboxWritten) {
                                relay.wake();
                            }
                            return Uni.createFrom().completionStage(record.ack());
                        }));
    }

    // the channel's failure strategy is dead-letter-queue: every nack sends the record there
    private CompletionStage<Void> deadLetter(Message<String> record, Throwable reason) {
        deadLetters.deadLettered(DeadLetterMeters.Source.WORKER_EVENTS);
        return record.nack(reason);
    }
}
