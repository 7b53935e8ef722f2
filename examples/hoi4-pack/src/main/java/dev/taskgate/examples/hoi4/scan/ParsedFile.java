package dev.taskgate.examples.hoi4.scan;

import dev.taskgate.examples.hoi4.script.ScriptBlock;

/**
 * A script file that parsed.
 *
 * @param path its workspace path, {@code <root>/<relative path>}
 */
public record ParsedFile(String path, ScriptBlock root) {}
