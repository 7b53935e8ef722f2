package dev.taskgate.jobctl.shutdown;

import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * The records the durable consumers (commands, worker events) are handling. Once closed for a graceful stop, no new
 * record is admitted: the consumer leaves it unacknowledged, so it is handled by the instance that takes the partition
 * over — never dead-lettered — and the stop waits only for the records already in hand.
 */
@ApplicationScoped
public class RecordIntake {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition idle = lock.newCondition();
    private int inHand;
    private boolean closed;
    private long refused;

    /** Whether the consumer may handle its record now; if so it must call {@link #done()} when the record settled. */
    public boolean admit() {
        lock.lock();
        try {
            if (closed) {
                refused++;
                return false;
            }
            inHand++;
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** An admitted record settled (acknowledged or dead-lettered). */
    public void done() {
        lock.lock();
        try {
            inHand--;
            if (inHand == 0) {
                idle.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Admits no record any more. */
    public void close() {
        lock.lock();
        try {
            closed = true;
        } finally {
            lock.unlock();
        }
    }

    /** Whether no record is admitted any more. */
    public boolean isClosed() {
        lock.lock();
        try {
            return closed;
        } finally {
            lock.unlock();
        }
    }

    /** Waits until no admitted record is in hand, at most {@code bound}; returns whether none is. */
    public boolean awaitIdle(Duration bound) throws InterruptedException {
        long left = bound.toNanos();
        lock.lock();
        try {
            while (inHand > 0 && left > 0) {
                left = idle.awaitNanos(left);
            }
            return inHand == 0;
        } finally {
            lock.unlock();
        }
    }

    /** How many admitted records are in hand. */
    public int inHand() {
        lock.lock();
        try {
            return inHand;
        } finally {
            lock.unlock();
        }
    }

    /** How many records were refused since the intake closed (left to the next owner of their partitions). */
    public long refused() {
        lock.lock();
        try {
            return refused;
        } finally {
            lock.unlock();
        }
    }
}
