package dev.taskgate.worker.execution.kafka;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.reactive.messaging.Incoming;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.worker.execution.DispatchRunner;

/**
 * Reads {@code RunOperation} records from {@code taskgate.work.v1} (group {@code worker-pool}). A record is
 * acknowledged once its operation has started (or was refused, stopped or found a duplicate), not when the
 * operation finishes; a record that does not parse goes to the dead-letter topic.
 */
@ApplicationScoped
public class WorkConsumer {
    private final DispatchRunner runner;

    @Inject
    WorkConsumer(DispatchRunner runner) {
        this.runner = runner;
    }

    /**
     * Not annotated {@code @Blocking}: this method only parses and hands the record over; the wait for an
     * idle child happens on {@link DispatchRunner}'s own dispatcher thread, and the returned stage settles the record.
     */
    @Incoming("work-in")
    public CompletionStage<Void> onRunOperation(String value) {
        RunOperation run;
        try {
            if (value == null) {
                throw new IllegalArgumentException("empty record value");
            }
            run = Wire.fromBytes(value.getBytes(StandardCharsets.UTF_8), RunOperation.class);
        } catch (RuntimeException e) {
            // Failing the stage nacks the record; the failure strategy puts it on <topic>.dlq with this reason.
            return CompletableFuture.failedFuture(e);
        }
        return runner.dispatch(run);
    }
}
