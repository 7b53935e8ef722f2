package dev.taskgate.frontend.mcp.progress;

import jakarta.inject.Singleton;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.ExecutionOutcome;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.payload.PayloadUnreadableException;
import dev.taskgate.payload.RecordPayloadMember;
import dev.taskgate.payload.RecordPayloads;

/**
 * Opens the outcome a terminal lifecycle record carries (sealed: {@code RecordPayloadMember LIFECYCLE_OUTCOME}). An
 * outcome that does not open, or does not describe the record's own execution and state, is left out with a warning:
 * the waiting request then reads the outcome from job-control, as it does for a record without one.
 */
@Singleton
public class CarriedOutcomes {
    private static final Logger LOG = Logger.getLogger(CarriedOutcomes.class);

    private final RecordPayloads payloads;

    CarriedOutcomes(RecordPayloads payloads) {
        this.payloads = payloads;
    }

    /** The outcome {@code changed} carries, or {@code null} when it carries none or it cannot be used. */
    public CarriedOutcome open(ExecutionChanged changed) {
        if (changed.outcome() == null || !changed.state().isTerminal()) {
            return null;
        }
        ExecutionOutcome outcome;
        try {
            JsonNode opened = payloads.openMember(
                    RecordPayloadMember.LIFECYCLE_OUTCOME, changed.executionId(), null, changed.outcome());
            outcome = Wire.mapper().treeToValue(opened, ExecutionOutcome.class);
        } catch (PayloadUnreadableException | IllegalArgumentException | JsonProcessingException e) {
            LOG.warnf(
                    "the outcome on a lifecycle record could not be opened; it is read from job-control instead "
                            + "executionId=%s reason=%s",
                    changed.executionId(), e.getMessage());
            return null;
        }
        if (outcome == null
                || !changed.executionId().equals(outcome.execution().executionId())
                || changed.state() != outcome.execution().status()) {
            LOG.warnf(
                    "the outcome on a lifecycle record describes another execution or state; it is read from "
                            + "job-control instead executionId=%s state=%s",
                    changed.executionId(), changed.state().wireName());
            return null;
        }
        return new CarriedOutcome(outcome, changed.principal(), changed.orgId(), changed.projectId());
    }
}
