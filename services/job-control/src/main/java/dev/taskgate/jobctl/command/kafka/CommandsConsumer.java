package dev.taskgate.jobctl.command.kafka;

import java.util.concurrent.CompletionStage;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.CancelExecution;
import dev.taskgate.contracts.command.ExecutionCommand;
import dev.taskgate.contracts.command.ProvideInput;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.jobctl.auth.RecordAuthentication;
import dev.taskgate.jobctl.auth.kafka.SignedRecords;
import dev.taskgate.jobctl.cancel.CancellationService;
import dev.taskgate.jobctl.command.CommandOutcome;
import dev.taskgate.jobctl.input.InputResponseService;
import dev.taskgate.jobctl.metrics.CommandMetrics;
import dev.taskgate.jobctl.metrics.DeadLetterMeters;
import dev.taskgate.jobctl.outbox.OutboxRelay;
import dev.taskgate.jobctl.payload.RecordSealing;
import dev.taskgate.jobctl.payload.kafka.OpenedRecords;
import dev.taskgate.jobctl.shutdown.RecordIntake;
import dev.taskgate.jobctl.submit.SubmissionService;
import dev.taskgate.payload.PayloadUnreadableException;
import dev.taskgate.recordretry.RecordRetry;
import dev.taskgate.tracing.RecordTracing;

/**
 * Reads {@code taskgate.commands.v1}: parses each record, handles it in one transaction, wakes the outbox relay,
 * replies, and only then acknowledges (commits the offset). A record not signed by mcp-frontend
 * ({@link RecordAuthentication}) is never applied and goes to the dead-letter topic at once, as do a record whose
 * payload cannot be opened ({@link OpenedRecords}) and a record that does not parse (a poison record). A handling
 * failure is retried ({@link RecordRetry}): for as long as a dependency is away, else a few times and then
 * dead-lettered too.
 */
@ApplicationScoped
public class CommandsConsumer {

    private static final Logger LOG = Logger.getLogger(CommandsConsumer.class);

    private final SubmissionService submissions;
    private final CancellationService cancellations;
    private final InputResponseService inputs;
    private final CommandReplyPublisher replies;
    private final OutboxRelay relay;
    private final RecordRetry retry;
    private final RecordAuthentication authentication;
    private final RecordSealing sealing;
    private final CommandMetrics metrics;
    private final RecordTracing tracing;
    private final DeadLetterMeters deadLetters;
    private final RecordIntake intake;

    CommandsConsumer(
            SubmissionService submissions,
            CancellationService cancellations,
            InputResponseService inputs,
            CommandReplyPublisher replies,
            OutboxRelay relay,
            RecordRetry retry,
            RecordAuthentication authentication,
            RecordSealing sealing,
            CommandMetrics metrics,
            RecordTracing tracing,
            DeadLetterMeters deadLetters,
            RecordIntake intake) {
        this.intake = intake;
        this.deadLetters = deadLetters;
        this.metrics = metrics;
        this.tracing = tracing;
        this.authentication = authentication;
        this.sealing = sealing;
        this.submissions = submissions;
        this.cancellations = cancellations;
        this.inputs = inputs;
        this.replies = replies;
        this.relay = relay;
        this.retry = retry;
    }

    /**
     * Handles one command record, in the span of its handling (a child of the frontend's): the outbox rows and the
     * reply it writes carry that span. Once the instance stops, a record is left unacknowledged: the instance that
     * takes the partition over handles it ({@link RecordIntake}).
     */
    @Incoming("commands-in")
    public Uni<Void> onCommand(Message<String> record) {
        if (!intake.admit()) {
            return Uni.createFrom().voidItem();
        }
        return Uni.createFrom()
                .deferred(() -> tracing.within(tracing.startConsumer(record), () -> handle(record)))
                .onTermination()
                .invoke(intake::done);
    }

    private Uni<Void> handle(Message<String> record) {
        var refusal = SignedRecords.refusal(authentication, record, RecordAuthentication.FRONTEND);
        if (refusal.isPresent()) {
            metrics.recordRefused("signature");
            return Uni.createFrom().completionStage(deadLetter(record, refusal.get()));
        }
        ExecutionCommand command;
        try {
            command = Wire.fromBytes(OpenedRecords.open(sealing, record), ExecutionCommand.class);
        } catch (PayloadUnreadableException e) {
            metrics.recordRefused("payload");
            return Uni.createFrom()
                    .completionStage(deadLetter(record, e)); // logged; refused like a badly signed record
        } catch (Wire.MalformedRecordException | IllegalArgumentException e) {
            metrics.recordRefused("malformed");
            return Uni.createFrom().completionStage(deadLetter(record, e));
        }
        return retry.handle("commands-in", handle(command))
                .flatMap(outcome -> {
                    metrics.handled(command, outcome.reply());
                    if (outcome.outboxWritten()) {
                        relay.wake();
                    }
                    return replies.send(outcome.reply())
                            .onFailure()
                            .invoke(e -> LOG.warnf(
                                    e,
                                    "Reply not sent; the frontend will retry the "
                                            + "command [messageId=%s replyTo=%s]",
                                    command.messageId(),
                                    command.replyTo()))
                            .onFailure()
                            .recoverWithNull();
                })
                .onItemOrFailure()
                .transformToUni((v, failure) -> failure == null
                        ? Uni.createFrom().completionStage(record.ack())
                        : Uni.createFrom().completionStage(deadLetter(record, failure)));
    }

    // the channel's failure strategy is dead-letter-queue: every nack sends the record there
    private CompletionStage<Void> deadLetter(Message<String> record, Throwable reason) {
        deadLetters.deadLettered(DeadLetterMeters.Source.COMMANDS);
        return record.nack(reason);
    }

    private Uni<CommandOutcome> handle(ExecutionCommand command) {
        return switch (command.kind()) {
            case SUBMIT -> submissions.submit((SubmitExecution) command);
            case CANCEL -> cancellations.cancel((CancelExecution) command);
            case PROVIDE_INPUT -> inputs.provide((ProvideInput) command);
        };
    }
}
