package dev.taskgate.jobctl.input;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.event.InputRequested;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.jobctl.IdSource;
import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.jobctl.execution.Execution;
import dev.taskgate.jobctl.execution.LifecycleEvents;
import dev.taskgate.jobctl.execution.StateChange;
import dev.taskgate.jobctl.execution.db.ExecutionRepository;
import dev.taskgate.jobctl.input.db.InputRequestRepository;
import dev.taskgate.jobctl.outbox.OutboxMessage;
import dev.taskgate.jobctl.outbox.OutboxWriter;
import dev.taskgate.jobctl.report.ReportDecisions;

/**
 * Applies an {@link InputRequested} report inside the report's transaction: each request is stored under a fresh
 * request key and a {@code working} execution moves to {@code input_required} (with {@code ExecutionChanged}).
 * Only reports for the current epoch of a running execution count; a redelivered report stores nothing and changes
 * nothing.
 */
@ApplicationScoped
public class InputRequestService {

    private static final Logger LOG = Logger.getLogger(InputRequestService.class);

    private final ExecutionRepository executions;
    private final InputRequestRepository inputs;
    private final InputRequestKeys keys;
    private final OutboxWriter outbox;
    private final JobControlConfig config;
    private final IdSource ids;

    InputRequestService(
            ExecutionRepository executions,
            InputRequestRepository inputs,
            InputRequestKeys keys,
            OutboxWriter outbox,
            JobControlConfig config,
            IdSource ids) {
        this.executions = executions;
        this.inputs = inputs;
        this.keys = keys;
        this.outbox = outbox;
        this.config = config;
        this.ids = ids;
    }

    /**
     * Records the requests of one report.
     *
     * @return whether outbox rows were appended
     */
    public Uni<Boolean> record(SqlConnection tx, InputRequested event, Instant now) {
        // Locked: the state decided on here is the one the requests are stored against.
        return executions.findByIdForUpdate(tx, event.executionId()).flatMap(found -> {
            Execution execution = found.orElse(null);
            boolean running = execution != null
                    && (execution.state() == ExecutionStatus.WORKING
                            || execution.state() == ExecutionStatus.INPUT_REQUIRED);
            if (!running || event.epoch() != execution.epoch()) {
                LOG.debugf(
                        "Ignoring input request [executionId=%s messageId=%s state=%s reportEpoch=%d]",
                        event.executionId(),
                        event.messageId(),
                        execution == null ? null : execution.state(),
                        event.epoch());
                return Uni.createFrom().item(false);
            }
            return insertAll(tx, execution, event.requests(), now).flatMap(inserted -> {
                if (inserted == 0) {
                    LOG.debugf(
                            "Input request already recorded [executionId=%s messageId=%s]",
                            execution.id(), event.messageId());
                    return Uni.createFrom().item(false);
                }
                Optional<StateChange> change = ReportDecisions.decide(execution, event, now);
                if (change.isEmpty()) {
                    return Uni.createFrom().item(false); // already input_required: the new keys just join
                }
                ExecutionChanged changed = LifecycleEvents.changed(
                        ids.newId(),
                        execution,
                        ExecutionStatus.INPUT_REQUIRED,
                        now,
                        ExecutionStatus.INPUT_REQUIRED.wireName());
                return executions
                        .compareAndSet(tx, change.get())
                        .flatMap(v -> outbox.append(
                                tx,
                                List.of(OutboxMessage.of(
                                        config.topics().lifecycle(),
                                        execution.id().toString(),
                                        changed.messageId(),
                                        ExecutionChanged.TYPE,
                                        changed))))
                        .replaceWith(true);
            });
        });
    }

    private Uni<Integer> insertAll(SqlConnection tx, Execution execution, Map<String, JsonNode> requests, Instant now) {
        return Multi.createFrom()
                .iterable(requests.entrySet())
                .onItem()
                .transformToUniAndConcatenate(request -> inputs.insert(
                        tx,
                        execution.id(),
                        execution.epoch(),
                        request.getKey(),
                        keys.newKey(),
                        request.getValue(),
                        now))
                .collect()
                .asList()
                .map(results ->
                        (int) results.stream().filter(Boolean::booleanValue).count());
    }
}
