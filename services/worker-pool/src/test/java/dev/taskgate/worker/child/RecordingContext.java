package dev.taskgate.worker.child;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** An {@link OperationContext} for in-process operation tests: records progress, stops on demand. */
public final class RecordingContext implements OperationContext {
    /** One progress report. */
    public record Report(double progress, Double total, String message) {
    }

    private final List<Report> reports = new CopyOnWriteArrayList<>();
    private final CountDownLatch stop = new CountDownLatch(1);

    public List<Report> reports() {
        return reports;
    }

    public void requestStop() {
        stop.countDown();
    }

    @Override
    public void progress(double progress, Double total, String message) {
        reports.add(new Report(progress, total, message));
    }

    @Override
    public boolean isStopRequested() {
        return stop.getCount() == 0;
    }

    @Override
    public boolean awaitStop(Duration timeout) throws InterruptedException {
        return stop.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }
}
