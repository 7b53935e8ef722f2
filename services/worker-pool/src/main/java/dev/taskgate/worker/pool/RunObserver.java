package dev.taskgate.worker.pool;

/**
 * Receives what happens to one run in a child. Called on the child's reader thread (never an event loop), so
 * implementations may block, e.g. to await a Kafka acknowledgement before the child is reused.
 */
public interface RunObserver {

    /** A progress or terminal line of the run. After a terminal line the observer gets nothing more. */
    void onMessage(ChildProcess child, ChildMessage message);

    /** The child exited before the run reported a terminal line. */
    void onExit(ChildProcess child, int exitCode);
}
