package dev.taskgate.worker.report;

import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.Test;

import io.quarkus.runtime.ShutdownEvent;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.WorkerHeartbeat;
import dev.taskgate.contracts.event.WorkerHeartbeat.HeldExecution;
import dev.taskgate.testsupport.DevServiceKeys;
import dev.taskgate.worker.WorkerConfig;
import dev.taskgate.worker.execution.HeldExecutions;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The order of what a heartbeat is made of, and of the regular heartbeats against the leaving one, without a broker:
 * the emitter records what is handed to it and acknowledges at once; the clock counts milliseconds per reading.
 */
class HeartbeatPublisherTest {
    private final List<String> steps = new CopyOnWriteArrayList<>();
    private final SteppingClock clock = new SteppingClock();
    private final RecordingEmitter emitter = new RecordingEmitter();
    private final HeldExecutions held = new HeldExecutions() {
        @Override
        public List<HeldExecution> snapshot() {
            steps.add("list");
            return super.snapshot();
        }
    };
    private final HeartbeatPublisher publisher = new HeartbeatPublisher(
            emitter,
            held,
            new WorkerEvents(clock, UUID::randomUUID, config("w-1")),
            clock,
            UUID::randomUUID,
            new WorkerRecordSigner(DevServiceKeys.WORKER_POOL_SIGNING_KEY, "wp-test."));

    @Test
    void aHeartbeatIsStampedBeforeTheHeldExecutionsAreListed() {
        publisher.heartbeat();

        assertThat(steps).containsExactly("stamp", "list");
        assertThat(emitter.sent)
                .singleElement()
                .satisfies(beat -> assertThat(beat.isLeaving()).isFalse());
    }

    /**
     * A regular heartbeat that already saw "not leaving" when the shutdown begins: without a common lock the leaving
     * heartbeat could go out first and the regular one after it, stamped later, which job-control takes for a new
     * process under the same id (it forgets that the instance left). The 200 ms only give an unlocked shutdown the
     * time to overtake; the outcome never depends on them.
     */
    @Test
    void aRegularHeartbeatRacingTheShutdownGoesOutBeforeTheLeavingOne() throws Exception {
        Thread scheduler = new Thread(publisher::heartbeat, "heartbeat");
        clock.holdNextReadingOf(scheduler);
        scheduler.start();
        assertThat(clock.held.await(10, TimeUnit.SECONDS)).isTrue(); // past "not leaving", stamping

        Thread shutdown = new Thread(() -> publisher.onShutdown(new ShutdownEvent()), "shutdown");
        shutdown.start();
        shutdown.join(200);
        clock.release.countDown();
        scheduler.join(10_000);
        shutdown.join(10_000);

        assertThat(emitter.sent).extracting(WorkerHeartbeat::isLeaving).containsExactly(false, true);
        assertThat(emitter.sent.get(0).occurredAt())
                .isBefore(emitter.sent.get(1).occurredAt());

        publisher.heartbeat();
        assertThat(emitter.sent).as("nothing after leaving").hasSize(2);
    }

    private static WorkerConfig config(String instanceId) {
        return (WorkerConfig) Proxy.newProxyInstance(
                WorkerConfig.class.getClassLoader(), new Class<?>[] {WorkerConfig.class}, (proxy, method, args) -> {
                    if (method.getName().equals("instanceId")) {
                        return instanceId;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    /** Every reading a millisecond after the previous one; can hold one thread's next reading until released. */
    private final class SteppingClock extends Clock {
        private final AtomicLong millis = new AtomicLong();
        final CountDownLatch held = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        private volatile Thread holding;

        void holdNextReadingOf(Thread thread) {
            holding = thread;
        }

        @Override
        public Instant instant() {
            if (Thread.currentThread() == holding) {
                holding = null;
                held.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            steps.add("stamp");
            return Instant.ofEpochMilli(millis.incrementAndGet());
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }
    }

    /** Records each heartbeat in the order it is handed over, and acknowledges it at once. */
    private static final class RecordingEmitter implements Emitter<byte[]> {
        final List<WorkerHeartbeat> sent = new CopyOnWriteArrayList<>();

        @Override
        public <M extends Message<? extends byte[]>> void send(M message) {
            sent.add(Wire.fromBytes(message.getPayload(), WorkerHeartbeat.class));
            message.ack();
        }

        @Override
        public CompletionStage<Void> send(byte[] payload) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void complete() {}

        @Override
        public void error(Exception e) {}

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public boolean hasRequests() {
            return true;
        }
    }
}
