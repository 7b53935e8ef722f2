package dev.taskgate.worker.child;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import dev.taskgate.pinnedhttp.PinnedEndpoint;

/**
 * Entry point of a child JVM. stdout carries protocol lines only: the real stdout is taken for the
 * {@link ProtocolWriter} first, and {@code System.out} is pointed at stderr so that a stray print from any
 * library cannot corrupt the protocol.
 */
public final class ChildMain {
    private ChildMain() {}

    /** Serves the parent until it closes stdin, then exits. */
    public static void main(String[] args) throws Exception {
        // before anything uses the JDK's HTTP client: upstream calls set the Host of a request pinned to an address
        PinnedEndpoint.allowHostHeader();
        FileOutputStream protocol = new FileOutputStream(FileDescriptor.out);
        PrintStream log = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        System.setOut(log);
        System.setErr(log);
        ChildServer server = new ChildServer(
                OperationRegistry.withPlugins(ChildMain.class.getClassLoader()), new ProtocolWriter(protocol), log);
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            server.serve(in);
        }
        System.exit(0);
    }
}
