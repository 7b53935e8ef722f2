package dev.taskgate.examples.hoi4.focus;

/**
 * {@code to} requires {@code from}.
 *
 * @param group the index of the {@code prerequisite} block of {@code to} that names {@code from}: edges into one focus
 *     with the same group are alternatives (any one suffices), different groups are all required
 */
public record PrerequisiteEdge(String from, String to, int group) {}
