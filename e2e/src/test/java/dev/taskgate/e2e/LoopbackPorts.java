package dev.taskgate.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Loopback ports for what the system tests start, chosen below Linux's ephemeral range (32768–60999). A port the
 * kernel hands out as free ({@code new ServerSocket(0)}) is in that range, and until the service binds it an outgoing
 * connection can take it as its local port: a job-control once failed to start that way ("Port … seems to be in use").
 * Below the range only listeners take ports, so a bind check holds; and since the fast and slow lanes start stacks at
 * the same time, each port is also reserved across the machine's JVMs by a lock on a file of its own, held until this
 * JVM exits.
 */
final class LoopbackPorts {
    static final int FIRST = 22000;
    static final int LAST = 31999;

    private static final Path LOCKS = Path.of(System.getProperty("java.io.tmpdir"), "taskgate-e2e-ports");
    // kept open for the JVM's lifetime: closing a channel releases its lock
    private static final List<FileChannel> HELD = new ArrayList<>();
    private static final Set<Integer> TRIED = new HashSet<>();

    private LoopbackPorts() {}

    /** A port nothing listens on and no other JVM of this machine was given, from a random start in the range. */
    static synchronized int reserve() {
        int span = LAST - FIRST + 1;
        int start = ThreadLocalRandom.current().nextInt(span);
        for (int i = 0; i < span; i++) {
            int port = FIRST + (start + i) % span;
            if (TRIED.add(port) && locked(port) && bindable(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no free loopback port left in " + FIRST + "-" + LAST);
    }

    private static boolean locked(int port) {
        try {
            Files.createDirectories(LOCKS);
            FileChannel channel = FileChannel.open(
                    LOCKS.resolve(port + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                return false;
            }
            HELD.add(channel);
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean bindable(int port) {
        try {
            new ServerSocket(port, 1, InetAddress.getLoopbackAddress()).close();
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
