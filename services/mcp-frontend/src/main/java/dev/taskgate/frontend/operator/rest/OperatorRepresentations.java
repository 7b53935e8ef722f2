package dev.taskgate.frontend.operator.rest;

import java.time.Instant;
import java.util.List;

import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRawValue;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.contracts.operator.AuditPage;
import dev.taskgate.contracts.operator.DeadLetter;
import dev.taskgate.contracts.operator.DeadLetterPage;
import dev.taskgate.contracts.operator.DeadLetterReplays;
import dev.taskgate.contracts.operator.OperatorCancelResult;
import dev.taskgate.contracts.operator.OperatorCheckpoint;
import dev.taskgate.contracts.operator.OperatorExecution;
import dev.taskgate.contracts.operator.OperatorExecutionPage;
import dev.taskgate.contracts.operator.OperatorPayload;
import dev.taskgate.contracts.operator.OperatorRecovery;

/** The REST bodies of the operator routes (snake_case, docs/mcp-frontend.md "Operator API"). */
final class OperatorRepresentations {
    private OperatorRepresentations() {}

    /**
     * An execution's safe status for operators.
     *
     * @param executionId        the owner's public handle
     * @param owner              the owning principal (issuer, space, subject)
     * @param toolName           the tool
     * @param status             current state
     * @param surface            {@code rest}, {@code mcp-2025} or {@code mcp-2026}
     * @param createdAt          creation time
     * @param updatedAt          last state change
     * @param executionDeadline  when it fails if still not terminal
     * @param retentionExpiresAt when it and its payloads are purged
     * @param progress           latest progress value
     * @param total              latest progress total
     * @param cancelRequested    whether a cancellation was asked for
     * @param attempt            the current dispatch attempt (more than 1: it ran again after its owner was lost)
     * @param ownerLossDetectionAt when the latest loss of its owner was detected (one execution's view only)
     * @param recoveries         every settlement of a lost owner, oldest first (one execution's view only)
     * @param checkpoints        the checkpoints held for it, oldest first, without content (one execution's view only)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "OperatorExecution")
    record Execution(
            @JsonProperty("execution_id") String executionId,
            @JsonProperty("owner") String owner,
            @JsonProperty("tool_name") String toolName,
            @JsonProperty("status") String status,
            @JsonProperty("surface") String surface,
            @JsonProperty("created_at") Instant createdAt,
            @JsonProperty("updated_at") Instant updatedAt,
            @JsonProperty("execution_deadline") Instant executionDeadline,
            @JsonProperty("retention_expires_at") Instant retentionExpiresAt,
            @JsonProperty("progress") Double progress,
            @JsonProperty("total") Double total,
            @JsonProperty("cancel_requested") boolean cancelRequested,
            @JsonProperty("attempt") Integer attempt,
            @JsonProperty("owner_loss_detection_at") Instant ownerLossDetectionAt,
            @JsonProperty("recoveries") List<Recovery> recoveries,
            @JsonProperty("checkpoints") List<Checkpoint> checkpoints) {

        static Execution of(OperatorExecution e) {
            return new Execution(
                    e.handle(),
                    e.owner(),
                    e.toolName(),
                    e.status().wireName(),
                    e.surface().wireName(),
                    e.createdAt(),
                    e.updatedAt(),
                    e.executionDeadline(),
                    e.retentionExpiresAt(),
                    e.progress(),
                    e.total(),
                    e.cancelRequested(),
                    e.attempt(),
                    e.ownerLossDetectionAt(),
                    e.recoveries() == null
                            ? null
                            : e.recoveries().stream().map(Recovery::of).toList(),
                    e.checkpoints() == null
                            ? null
                            : e.checkpoints().stream().map(Checkpoint::of).toList());
        }
    }

    /**
     * A checkpoint held for an execution, never its content.
     *
     * @param kind     {@code result} (staged before the terminal report), {@code frontier} (the latest one a
     *                 replacement resumes from) or {@code journal} (a rewrite's plan bound for commit)
     * @param epoch    the epoch of the attempt that saved it
     * @param sequence a frontier's sequence number
     * @param revision a frontier's revision label
     * @param savedAt  when job-control stored it
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "OperatorCheckpoint")
    record Checkpoint(
            @JsonProperty("kind") String kind,
            @JsonProperty("epoch") long epoch,
            @JsonProperty("sequence") Long sequence,
            @JsonProperty("revision") String revision,
            @JsonProperty("saved_at") Instant savedAt) {

        static Checkpoint of(OperatorCheckpoint c) {
            return new Checkpoint(c.kind(), c.epoch(), c.sequence(), c.revision(), c.savedAt());
        }
    }

    /**
     * One settlement of a lost owner.
     *
     * @param lostAttempt the attempt that was running
     * @param detectedAt  when the loss was detected and settled
     * @param cause       {@code owner-lost} or {@code child-died}
     * @param outcome     {@code replaced}, {@code reconciled}, {@code failed}, {@code cancelled} or {@code completed}
     */
    @Schema(name = "OperatorRecovery")
    record Recovery(
            @JsonProperty("lost_attempt") int lostAttempt,
            @JsonProperty("detected_at") Instant detectedAt,
            @JsonProperty("cause") String cause,
            @JsonProperty("outcome") String outcome) {

        static Recovery of(OperatorRecovery r) {
            return new Recovery(r.lostAttempt(), r.detectedAt(), r.cause(), r.outcome());
        }
    }

    /**
     * A page of executions.
     *
     * @param items      the executions, newest first
     * @param nextCursor pass as {@code cursor} for the next page; absent on the last page
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "OperatorExecutionPage")
    record ExecutionPage(
            @JsonProperty("items") List<Execution> items,
            @JsonProperty("next_cursor") String nextCursor) {

        static ExecutionPage of(OperatorExecutionPage page) {
            return new ExecutionPage(page.items().stream().map(Execution::of).toList(), page.nextCursor());
        }
    }

    /**
     * An execution's payloads.
     *
     * @param execution     the safe status
     * @param input         the exact input JSON
     * @param result        when completed: the exact {@code CallToolResult} JSON
     * @param error         when failed: {@code {code, message}}
     * @param statusMessage the latest status message
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "OperatorPayload")
    record Payload(
            @JsonProperty("execution") Execution execution,

            @JsonProperty("input") @JsonRawValue @Schema(type = SchemaType.OBJECT, description = "The tool's arguments")
            String input,

            @JsonProperty("result")
            @JsonRawValue
            @Schema(type = SchemaType.OBJECT, description = "The MCP CallToolResult")
            String result,

            @JsonProperty("error") ExecutionOutcome.ExecutionError error,
            @JsonProperty("status_message") String statusMessage) {

        static Payload of(OperatorPayload p) {
            return new Payload(Execution.of(p.execution()), p.input(), p.result(), p.error(), p.statusMessage());
        }
    }

    /**
     * The answer to a cancel.
     *
     * @param executionId the handle the operator named
     * @param outcome   {@code accepted}, {@code unsupported}, {@code already_terminal}, {@code stop_delivery_unknown}
     *                  or {@code stop_already_requested}
     * @param execution the execution afterwards; absent when job-control's answer was lost
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "OperatorCancelResult")
    record CancelResult(
            @JsonProperty("execution_id") String executionId,
            @JsonProperty("outcome") String outcome,
            @JsonProperty("execution") Execution execution) {

        static CancelResult of(OperatorCancelResult r) {
            return new CancelResult(r.execution().handle(), r.outcome().wireName(), Execution.of(r.execution()));
        }
    }

    /**
     * One audit entry.
     *
     * @param id         position in the log
     * @param occurredAt when
     * @param principal  who
     * @param action     what
     * @param route      the route called
     * @param target     the handle named, as presented
     * @param outcome    the outcome
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "OperatorAuditEntry")
    record Audit(
            @JsonProperty("id") Long id,
            @JsonProperty("occurred_at") Instant occurredAt,
            @JsonProperty("principal") String principal,
            @JsonProperty("action") String action,
            @JsonProperty("route") String route,
            @JsonProperty("target") String target,
            @JsonProperty("outcome") String outcome) {

        static Audit of(AuditEntry e) {
            return new Audit(e.id(), e.occurredAt(), e.principal(), e.action(), e.route(), e.target(), e.outcome());
        }
    }

    /**
     * A page of the audit log.
     *
     * @param items      the entries, newest first
     * @param nextCursor pass as {@code cursor} for the next page; absent on the last page
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "OperatorAuditPage")
    record AuditEntries(
            @JsonProperty("items") List<Audit> items,
            @JsonProperty("next_cursor") String nextCursor) {

        static AuditEntries of(AuditPage page) {
            return new AuditEntries(page.items().stream().map(Audit::of).toList(), page.nextCursor());
        }
    }

    /**
     * One dead-lettered record, metadata only (never its value).
     *
     * @param topic           the dead-letter topic
     * @param partition       its partition
     * @param offset          its offset
     * @param timestamp       its timestamp there
     * @param key             its key
     * @param sourceTopic     where it was consumed and where a replay publishes it
     * @param sourcePartition its partition there, if known
     * @param sourceOffset    its offset there, if known
     * @param reason          why it was dead-lettered
     * @param cause           the cause of that, if any
     * @param messageType     its record type, if a header says
     * @param messageId       its message id, if a header says
     * @param replayedAt      when it was last replayed
     * @param replays         how many times it was replayed
     */
    @Schema(name = "OperatorDeadLetter")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record DeadLetterView(
            @JsonProperty("topic") String topic,
            @JsonProperty("partition") int partition,
            @JsonProperty("offset") long offset,
            @JsonProperty("timestamp") Instant timestamp,
            @JsonProperty("key") String key,
            @JsonProperty("source_topic") String sourceTopic,
            @JsonProperty("source_partition") Integer sourcePartition,
            @JsonProperty("source_offset") Long sourceOffset,
            @JsonProperty("reason") String reason,
            @JsonProperty("cause") String cause,
            @JsonProperty("message_type") String messageType,
            @JsonProperty("message_id") String messageId,
            @JsonProperty("replayed_at") Instant replayedAt,
            @JsonProperty("replays") int replays) {

        static DeadLetterView of(DeadLetter d) {
            return new DeadLetterView(
                    d.topic(),
                    d.partition(),
                    d.offset(),
                    d.timestamp(),
                    d.key(),
                    d.sourceTopic(),
                    d.sourcePartition(),
                    d.sourceOffset(),
                    d.reason(),
                    d.cause(),
                    d.messageType(),
                    d.messageId(),
                    d.replayedAt(),
                    d.replays());
        }
    }

    /**
     * A page of dead-lettered records.
     *
     * @param items      by topic, partition and offset
     * @param nextCursor pass as {@code cursor} for the next page; absent on the last page
     */
    @Schema(name = "OperatorDeadLetterPage")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record DeadLetters(
            @JsonProperty("items") List<DeadLetterView> items,
            @JsonProperty("next_cursor") String nextCursor) {

        static DeadLetters of(DeadLetterPage page) {
            return new DeadLetters(page.items().stream().map(DeadLetterView::of).toList(), page.nextCursor());
        }
    }

    /**
     * One replayed record.
     *
     * @param topic       the dead-letter topic
     * @param partition   its partition
     * @param offset      its offset
     * @param sourceTopic the topic it was published to again
     * @param replayedTo  {@code <partition>/<offset>} it got there
     * @param replays     how many times it has now been replayed
     */
    @Schema(name = "OperatorReplayed")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Replayed(
            @JsonProperty("topic") String topic,
            @JsonProperty("partition") int partition,
            @JsonProperty("offset") long offset,
            @JsonProperty("source_topic") String sourceTopic,
            @JsonProperty("replayed_to") String replayedTo,
            @JsonProperty("replays") int replays) {}

    /**
     * What a replay did.
     *
     * @param items one per replayed record
     */
    @Schema(name = "OperatorDeadLetterReplays")
    record Replays(@JsonProperty("items") List<Replayed> items) {

        static Replays of(DeadLetterReplays replays) {
            return new Replays(replays.items().stream()
                    .map(r -> new Replayed(
                            r.topic(), r.partition(), r.offset(), r.sourceTopic(), r.replayedTo(), r.replays()))
                    .toList());
        }
    }
}
