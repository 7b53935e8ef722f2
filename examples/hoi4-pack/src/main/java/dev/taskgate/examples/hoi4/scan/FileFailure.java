package dev.taskgate.examples.hoi4.scan;

/**
 * A script file that could not be read or parsed.
 *
 * @param line 1-based, or 0 when the failure has no position (the file could not be read)
 * @param column 1-based, or 0 when the failure has no position
 * @param error what is wrong, without the position
 */
public record FileFailure(String path, int line, int column, String error) {}
