package dev.taskgate.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The process's streams and environment, passed in so that tests run the commands in memory.
 *
 * @param out         standard output: results and listings, nothing else
 * @param err         standard error: progress, prompts' context, messages
 * @param in          standard input: answers to prompts
 * @param terminal    whether a person is at a terminal (progress redrawn in place, prompts allowed)
 * @param environment the environment variables
 */
public record Io(
        PrintStream out, PrintStream err, BufferedReader in, boolean terminal, Map<String, String> environment) {
    /** The real process. */
    public static Io system() {
        return new Io(
                new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8),
                new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.err), true, StandardCharsets.UTF_8),
                new BufferedReader(new java.io.InputStreamReader(System.in, StandardCharsets.UTF_8)),
                System.console() != null,
                System.getenv());
    }

    /** Writes {@code bytes} to standard output exactly as they are. */
    public void writeExactly(byte[] bytes) {
        out.write(bytes, 0, bytes.length);
        out.flush();
    }

    /** Reads one line of standard input; null at its end. */
    public String readLine() {
        try {
            return in.readLine();
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT_REQUIRED, "Cannot read standard input: " + e.getMessage());
        }
    }
}
