package dev.taskgate.worker.metrics;

import java.time.Duration;

import jakarta.inject.Singleton;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.worker.report.FailureCode;

/**
 * Calls of upstream tools this worker made ({@code taskgate.upstream.calls}, a timer with fixed histogram buckets): by
 * upstream id — one of the upstreams file's or the operator API's registrations, bounded by the deployment, never a
 * tool name — and outcome, measured from the moment the child got the call to its terminal report. A call refused
 * before it was made (no such upstream, its circuit open, ownership not confirmed) is not a call and is not counted.
 */
@Singleton
public class UpstreamCallMeters {
    static final String CALLS = "taskgate.upstream.calls";
    // a dozen fixed buckets, not a percentile histogram (~80): series multiply by upstreams, outcomes and instances
    private static final Duration[] BUCKETS = {
        Duration.ofMillis(10),
        Duration.ofMillis(50),
        Duration.ofMillis(100),
        Duration.ofMillis(250),
        Duration.ofMillis(500),
        Duration.ofSeconds(1),
        Duration.ofMillis(2500),
        Duration.ofSeconds(5),
        Duration.ofSeconds(10),
        Duration.ofSeconds(30),
        Duration.ofMinutes(1),
        Duration.ofMinutes(5)
    };

    /** The outcome tag of a call. */
    enum Outcome {
        /** the upstream answered a result (possibly a tool error the upstream reported as its result) */
        OK("ok"),
        /** the upstream answered with an error or the call broke off ({@code upstream_failed}) */
        ERROR("error"),
        /** the upstream could not be reached, or its circuit opened meanwhile ({@code upstream_unavailable}) */
        UNAVAILABLE("unavailable"),
        /** any other failure in the worker */
        FAILED("failed"),
        /** stopped by a cancellation or the deadline */
        STOPPED("stopped"),
        /** the child died during the call */
        CHILD_DIED("child_died");

        private final String tag;

        Outcome(String tag) {
            this.tag = tag;
        }

        static Outcome of(WorkerEvent terminal) {
            return switch (terminal.kind()) {
                case FINISHED -> OK;
                case FAILED -> ofFailure(((Failed) terminal).code());
                case STOPPED -> STOPPED;
                case CHILD_DIED -> CHILD_DIED;
                default -> FAILED;
            };
        }

        private static Outcome ofFailure(String code) {
            if (FailureCode.UPSTREAM_FAILED.wireValue().equals(code)) {
                return ERROR;
            }
            if (FailureCode.UPSTREAM_UNAVAILABLE.wireValue().equals(code)) {
                return UNAVAILABLE;
            }
            return FAILED;
        }
    }

    /** One call under way: {@link #ended(WorkerEvent)} records it once. */
    public final class Call {
        private final String upstream;
        private final Timer.Sample sample;

        private Call(String upstream) {
            this.upstream = upstream;
            this.sample = Timer.start(registry);
        }

        /** The call ended with this terminal report of its run. */
        public void ended(WorkerEvent terminal) {
            sample.stop(timer(upstream, Outcome.of(terminal)));
        }
    }

    private final MeterRegistry registry;

    UpstreamCallMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    /** A call of a tool of {@code upstream} (its id) begins. */
    public Call started(String upstream) {
        return new Call(upstream);
    }

    private Timer timer(String upstream, Outcome outcome) {
        return Timer.builder(CALLS)
                .description("upstream tool calls by upstream and outcome")
                .tag("upstream", upstream)
                .tag("outcome", outcome.tag)
                .serviceLevelObjectives(BUCKETS)
                .register(registry);
    }
}
