package dev.taskgate.worker.pool;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Collects the lines of one run of a real child. */
final class RunRecorder implements RunObserver {
    private final BlockingQueue<ChildMessage> messages = new LinkedBlockingQueue<>();
    private volatile boolean ended;

    @Override
    public void onMessage(ChildProcess process, ChildMessage message) {
        if (message.kind().isTerminal()) {
            ended = true;
        }
        messages.add(message);
    }

    /** Whether the child sent the run's terminal line (then the child is free for the next run). */
    boolean ended() {
        return ended;
    }

    @Override
    public void onExit(ChildProcess process, int exitCode) {}

    /** The next line; fails after {@code seconds} without one. */
    ChildMessage next(long seconds) throws InterruptedException {
        ChildMessage m = messages.poll(seconds, TimeUnit.SECONDS);
        assertThat(m).as("a line from the child within " + seconds + " s").isNotNull();
        return m;
    }

    ChildMessage next() throws InterruptedException {
        return next(30);
    }

    /** The next line of {@code kind}, skipping others. */
    ChildMessage nextOf(ChildMessage.Kind kind) throws InterruptedException {
        ChildMessage m = next();
        while (m.kind() != kind) {
            m = next();
        }
        return m;
    }

    /** The terminal line, skipping progress and logs. */
    ChildMessage terminal() throws InterruptedException {
        ChildMessage m = next();
        while (!m.kind().isTerminal()) {
            m = next();
        }
        return m;
    }
}
