package dev.taskgate.jobctl.metrics;

import java.util.Locale;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;

import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.ExecutionCommand;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.jobctl.admission.AdmissionBound;

/**
 * job-control's own meters (Prometheus at {@code /q/metrics} on the management interface, docs/operations.md):
 * commands by kind and outcome, admission refusals by bound, and command records refused before they were applied.
 * Tag values come from closed sets (command kinds, problem types, bounds, refusal reasons), never from callers.
 */
@ApplicationScoped
public class CommandMetrics {
    static final String COMMANDS = "taskgate.commands";
    static final String ADMISSION_REFUSALS = "taskgate.admission.refusals";
    static final String REFUSED_RECORDS = "taskgate.records.refused";
    private static final String[] REFUSAL_REASONS = {"signature", "payload", "malformed"};

    private final MeterRegistry registry;

    CommandMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /**
     * Exports the refusal counters at 0 from the start: a series that appears only with its first increment hides
     * that increment from {@code increase()} and from the alerts built on it (deploy/prometheus/taskgate-alerts.yaml).
     */
    void registerAtZero(@Observes StartupEvent start) {
        for (AdmissionBound bound : AdmissionBound.values()) {
            registry.counter(ADMISSION_REFUSALS, "bound", bound.boundName());
        }
        for (String reason : REFUSAL_REASONS) {
            registry.counter(REFUSED_RECORDS, "topic", "commands", "reason", reason);
        }
    }

    /** One command handled, with the reply it got. */
    public void handled(ExecutionCommand command, CommandReply reply) {
        String kind = command.kind().name().toLowerCase(Locale.ROOT);
        String outcome = "rejected";
        String problem = "none";
        if (reply instanceof Accepted accepted) {
            outcome = accepted.created() ? "created" : "accepted";
        } else if (reply instanceof Rejected rejected) {
            problem = rejected.problem().type();
        }
        registry.counter(COMMANDS, "kind", kind, "outcome", outcome, "problem", problem)
                .increment();
    }

    /** A submission refused by the admission bound of this name (e.g. {@code project-backlog}). */
    public void admissionRefused(String bound) {
        registry.counter(ADMISSION_REFUSALS, "bound", bound).increment();
    }

    /**
     * A command record refused before it was applied (dead-lettered).
     *
     * @param reason {@code signature} (not signed by mcp-frontend), {@code payload} (cannot be opened) or
     *     {@code malformed}
     */
    public void recordRefused(String reason) {
        registry.counter(REFUSED_RECORDS, "topic", "commands", "reason", reason).increment();
    }
}
