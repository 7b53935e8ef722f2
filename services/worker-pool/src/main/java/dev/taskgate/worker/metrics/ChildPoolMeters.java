package dev.taskgate.worker.metrics;

import jakarta.inject.Singleton;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import dev.taskgate.worker.WorkerConfig;
import dev.taskgate.worker.pool.ChildPool;

/**
 * The child pool's meters (Prometheus at {@code /q/metrics} on the management interface): children configured, live
 * and ready — ready below configured for long means children fail to start — busy (running an operation), and
 * children that exited on their own.
 */
@Singleton
public class ChildPoolMeters implements MeterBinder {
    private final ChildPool pool;
    private final int configured;

    ChildPoolMeters(ChildPool pool, WorkerConfig config) {
        this.pool = pool;
        this.configured = config.children();
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("taskgate.worker.children.configured", () -> configured).register(registry);
        Gauge.builder("taskgate.worker.children.live", pool, ChildPool::liveChildren)
                .register(registry);
        Gauge.builder("taskgate.worker.children.ready", pool, ChildPool::readyChildren)
                .register(registry);
        Gauge.builder("taskgate.worker.children.busy", pool, ChildPool::busyChildren)
                .description("children running an operation; the rest of the ready ones are idle")
                .register(registry);
        FunctionCounter.builder("taskgate.worker.children.exits", pool, ChildPool::unexpectedExits)
                .description("children that exited on their own and were replaced")
                .register(registry);
    }
}
