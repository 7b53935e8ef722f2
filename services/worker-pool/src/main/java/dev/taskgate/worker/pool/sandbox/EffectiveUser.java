package dev.taskgate.worker.pool.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The worker's effective user id, as Linux reports it in {@code /proc/self/status}. */
public final class EffectiveUser {
    private EffectiveUser() {}

    /** Whether the worker runs as root (effective uid 0). */
    public static boolean isRoot() {
        try {
            return effectiveUid(Files.readString(Path.of("/proc/self/status"))) == 0;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read /proc/self/status to learn the worker's user", e);
        }
    }

    /** The effective uid of a {@code /proc/<pid>/status} text ({@code Uid: real effective saved fs}). */
    static int effectiveUid(String status) {
        for (String line : status.split("\n")) {
            if (line.startsWith("Uid:")) {
                return Integer.parseInt(line.substring(4).trim().split("\\s+")[1]);
            }
        }
        throw new IllegalStateException("no Uid line in the process status");
    }
}
