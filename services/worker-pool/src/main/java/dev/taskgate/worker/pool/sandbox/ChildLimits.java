package dev.taskgate.worker.pool.sandbox;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Resource limits of one child process, set as both soft and hard limits with {@code prlimit} before the JVM
 * starts (a child cannot raise them again).
 *
 * @param cpuSeconds        {@code RLIMIT_CPU}: CPU seconds over the child's whole life (all the operations it runs)
 * @param addressSpaceBytes {@code RLIMIT_AS}: virtual memory; a JVM reserves far more than its heap
 * @param processes         {@code RLIMIT_NPROC}: processes and threads of the child's user (all its processes)
 * @param openFiles         {@code RLIMIT_NOFILE}: open file descriptors
 */
public record ChildLimits(long cpuSeconds, long addressSpaceBytes, int processes, int openFiles) {

    public ChildLimits {
        if (cpuSeconds < 1 || addressSpaceBytes < 1 || processes < 1 || openFiles < 1) {
            throw new IllegalArgumentException("child limits must be positive");
        }
    }

    /** The {@code prlimit} command that applies these limits to the command that follows it. */
    public List<String> prlimitPrefix(Path prlimit) {
        return List.of(
                prlimit.toString(),
                "--cpu=" + cpuSeconds,
                "--as=" + addressSpaceBytes,
                "--nproc=" + processes,
                "--nofile=" + openFiles,
                "--");
    }

    /**
     * Bytes of a size written like a JVM memory option: digits and a unit {@code k}, {@code m} or {@code g}.
     *
     * @throws IllegalArgumentException for anything else
     */
    public static long parseSize(String size) {
        if (!size.matches("[1-9][0-9]*[kKmMgG]")) {
            throw new IllegalArgumentException("not a size like 4g or 512m: '" + size + "'");
        }
        long amount = Long.parseLong(size.substring(0, size.length() - 1));
        int shift = switch (size.substring(size.length() - 1).toLowerCase(Locale.ROOT)) {
            case "k" -> 10;
            case "m" -> 20;
            default -> 30;
        };
        if (amount > (Long.MAX_VALUE >> shift)) {
            throw new IllegalArgumentException("size too large: '" + size + "'");
        }
        return amount << shift;
    }
}
