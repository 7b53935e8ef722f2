package dev.taskgate.jobctl.metrics;

import jakarta.enterprise.context.ApplicationScoped;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;

/**
 * How many worker reports each committed transaction of the worker-events consumer applied: one when the reports
 * arrive one poll at a time, more when they queue (under load, after an outage), where sharing a commit pays.
 * Created at start-up, so the meter is there (at zero) before the first report.
 */
@Startup
@ApplicationScoped
public class ReportTransactionMeters {
    static final String REPORTS_PER_TRANSACTION = "taskgate.worker.reports.per.transaction";

    private final DistributionSummary perTransaction;

    ReportTransactionMeters(MeterRegistry registry) {
        this.perTransaction = DistributionSummary.builder(REPORTS_PER_TRANSACTION)
                .description("Worker reports applied by one committed transaction")
                .baseUnit("reports")
                .register(registry);
    }

    /** A transaction that applied {@code reports} committed. */
    public void committed(int reports) {
        perTransaction.record(reports);
    }
}
