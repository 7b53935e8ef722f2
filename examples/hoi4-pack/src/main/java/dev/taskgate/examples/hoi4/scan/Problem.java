package dev.taskgate.examples.hoi4.scan;

/**
 * Something wrong in the mod's content (not in its syntax).
 *
 * @param kind a stable lower-case code, e.g. {@code unknown_focus}
 * @param subject the focus, tree or event id it is about
 * @param message a sentence for people
 * @param path the workspace path where it was found
 * @param line 1-based line where it was found
 */
public record Problem(String kind, String subject, String message, String path, int line) {}
