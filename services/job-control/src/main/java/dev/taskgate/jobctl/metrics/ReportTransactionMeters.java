package dev.taskgate.jobctl.metrics;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;

/**
 * How many worker reports each committed transaction of the worker-events consumer applied: one when the reports
 * arrive one poll at a time, more when they queue (under load, after an outage), where sharing a commit pays.
 */
@ApplicationScoped
public class ReportTransactionMeters {
    static final String REPORTS_PER_TRANSACTION = "taskgate.worker.reports.per.transaction";

    private final MeterRegistry registry;

    ReportTransactionMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    void registerAtZero(@Observes StartupEvent start) {
        perTransaction();
    }

    /** A transaction that applied {@code reports} committed. */
    public void committed(int reports) {
        perTransaction().record(reports);
    }

    private DistributionSummary perTransaction() {
        return DistributionSummary.builder(REPORTS_PER_TRANSACTION)
                .description("Worker reports applied by one committed transaction")
                .baseUnit("reports")
                .register(registry);
    }
}
