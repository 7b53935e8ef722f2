package dev.taskgate.sweep;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

import org.jboss.logging.Logger;

import io.smallrye.mutiny.Uni;

/**
 * The scheduling shape every sweeper shares: repeat a batch-bounded pass while it fills its batch (up to a
 * limit per tick), and log a failure streak once — when it starts and when it ends — instead of every tick.
 */
public final class SweepLoop {
    /** Bounds one tick's work so a large backlog never monopolises the scheduler thread. */
    static final int MAX_PASSES_PER_TICK = 20;

    private final String name;
    private final Logger log;
    private final Supplier<Uni<Integer>> pass;
    private final IntSupplier batchSize;
    private final AtomicBoolean failing = new AtomicBoolean();

    /**
     * @param name      what sweeps, for the log ("Deadline sweep", …)
     * @param log       the sweeper's logger
     * @param pass      one pass in one transaction; returns how many rows it handled
     * @param batchSize the most rows one pass handles: a full pass means more may be waiting
     */
    public SweepLoop(String name, Logger log, Supplier<Uni<Integer>> pass, IntSupplier batchSize) {
        this.name = name;
        this.log = log;
        this.pass = pass;
        this.batchSize = batchSize;
    }

    /** One scheduled tick: never fails; the next tick retries. */
    public Uni<Void> tick() {
        return sweep(MAX_PASSES_PER_TICK)
                .onItem()
                .invoke(n -> {
                    if (failing.compareAndSet(true, false)) {
                        log.infof("%s recovered", name);
                    }
                })
                .onFailure()
                .invoke(e -> {
                    if (failing.compareAndSet(false, true)) {
                        log.warnf(e, "%s failed, retrying every tick", name);
                    }
                })
                .onFailure()
                .recoverWithNull()
                .replaceWithVoid();
    }

    /** Runs passes while they fill the batch, at most {@code maxPasses}; returns the rows handled. */
    public Uni<Integer> sweep(int maxPasses) {
        return pass.get()
                .flatMap(n -> n == batchSize.getAsInt() && maxPasses > 1
                        ? sweep(maxPasses - 1).map(more -> n + more)
                        : Uni.createFrom().item(n));
    }
}
