package dev.taskgate.jobctl.journal;

import java.time.Instant;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;

import dev.taskgate.contracts.event.CommitRequested;
import dev.taskgate.contracts.work.CommitGranted;
import dev.taskgate.contracts.work.CommitRefused;
import dev.taskgate.jobctl.IdSource;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.execution.db.ExecutionRepository;
import dev.taskgate.jobctl.journal.CommitDecisions.Decision;
import dev.taskgate.jobctl.journal.db.JournalRepository;
import dev.taskgate.jobctl.outbox.OutboxMessage;
import dev.taskgate.jobctl.outbox.OutboxWriter;

/**
 * Applies {@code CommitRequested} inside the report's transaction: locks the execution (so a cancellation is either
 * before the commit boundary or after it), asks {@link CommitDecisions}, binds the journal entry and writes the
 * answer — {@code CommitGranted} or {@code CommitRefused} — to the control topic through the outbox.
 */
@ApplicationScoped
public class CommitService {

    private static final Logger LOG = Logger.getLogger(CommitService.class);

    private final ExecutionRepository executions;
    private final JournalRepository journal;
    private final OutboxWriter outbox;
    private final JobControlConfig config;
    private final IdSource ids;

    CommitService(
            ExecutionRepository executions,
            JournalRepository journal,
            OutboxWriter outbox,
            JobControlConfig config,
            IdSource ids) {
        this.executions = executions;
        this.journal = journal;
        this.outbox = outbox;
        this.config = config;
        this.ids = ids;
    }

    /**
     * Decides one commit request.
     *
     * @return whether outbox records were written (always, once the execution exists)
     */
    public Uni<Boolean> request(SqlConnection tx, CommitRequested request, Instant now) {
        return executions.findByIdForUpdate(tx, request.executionId()).flatMap(found -> {
            if (found.isEmpty()) {
                return Uni.createFrom().item(false);
            }
            Execution execution = found.get();
            return journal.find(tx, execution.id()).flatMap(bound -> {
                Decision decision = CommitDecisions.decide(execution, request, bound);
                return switch (decision.action()) {
                    case GRANT_AGAIN -> grant(tx, request, now);
                    case REFUSE -> refuse(tx, request, decision.reason(), now);
                    case BIND ->
                        journal.bind(tx, execution.id(), request.epoch(), request.messageId(), request.plan(), now)
                                .flatMap(inserted -> inserted
                                        ? grant(tx, request, now)
                                        : refuse(
                                                tx,
                                                request,
                                                "another plan is already bound to this execution's " + "journal entry",
                                                now));
                };
            });
        });
    }

    private Uni<Boolean> grant(SqlConnection tx, CommitRequested request, Instant now) {
        LOG.infof(
                "Commit granted [executionId=%s epoch=%d planHash=%s files=%d]",
                request.executionId(),
                request.epoch(),
                request.plan().planHash(),
                request.plan().files().size());
        // named for the requesting instance: a duplicate run of the same dispatch elsewhere never applies it
        CommitGranted granted = new CommitGranted(
                ids.newId(),
                now,
                request.executionId(),
                request.epoch(),
                request.plan().planHash(),
                request.workerId());
        return outbox.append(
                        tx,
                        List.of(OutboxMessage.of(
                                config.topics().control(),
                                request.executionId().toString(),
                                granted.messageId(),
                                CommitGranted.TYPE,
                                granted)))
                .replaceWith(true);
    }

    private Uni<Boolean> refuse(SqlConnection tx, CommitRequested request, String reason, Instant now) {
        LOG.infof(
                "Commit refused [executionId=%s epoch=%d planHash=%s reason=%s]",
                request.executionId(), request.epoch(), request.plan().planHash(), reason);
        CommitRefused refused = new CommitRefused(
                ids.newId(),
                now,
                request.executionId(),
                request.epoch(),
                request.plan().planHash(),
                reason);
        return outbox.append(
                        tx,
                        List.of(OutboxMessage.of(
                                config.topics().control(),
                                request.executionId().toString(),
                                refused.messageId(),
                                CommitRefused.TYPE,
                                refused)))
                .replaceWith(true);
    }
}
