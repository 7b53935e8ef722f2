package dev.taskgate.jobctl.execution;

/**
 * An execution together with its stored result bytes.
 *
 * @param execution the execution
 * @param result    the exact result bytes, or {@code null} while there is none
 */
public record StoredOutcome(Execution execution, byte[] result) {}
