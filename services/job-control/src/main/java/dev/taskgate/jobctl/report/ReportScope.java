package dev.taskgate.jobctl.report;

import java.util.function.Supplier;

import io.smallrye.mutiny.Uni;

/**
 * What surrounds the handling of one report of a batch applied in one transaction
 * ({@link WorkerReportService#applyAll}): the consumer's span and logging context of the record it came in.
 */
@FunctionalInterface
public interface ReportScope {

    /** Runs {@code handling}, the application of the report at {@code index} of the batch, inside this scope. */
    Uni<Boolean> around(int index, Supplier<Uni<Boolean>> handling);
}
