package dev.taskgate.cli.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;

/**
 * Where a profile's bearer token comes from: an environment variable, a file, or the standard output of a command
 * run with {@code sh -c}. The token is read when a command first needs it and is never printed.
 *
 * @param kind  which source
 * @param value the variable's name, the file's path or the command line
 */
public record TokenSource(Kind kind, String value) {
    /** How long a token command may run. */
    static final long COMMAND_TIMEOUT_SECONDS = 60;

    /** The kinds of source, as the profile keys name them. */
    public enum Kind {
        /** {@code token_env}. */
        ENV,
        /** {@code token_file}. */
        FILE,
        /** {@code token_command}. */
        COMMAND
    }

    /** Reads the token; a missing or empty one is a {@link ExitCodes#CONFIG} failure that says what to do. */
    public String read(Map<String, String> environment) {
        String token = switch (kind) {
            case ENV -> fromEnvironment(environment);
            case FILE -> fromFile();
            case COMMAND -> fromCommand();
        };
        return token.strip();
    }

    /** How the source is described to the user (never the token). */
    public String describe() {
        return switch (kind) {
            case ENV -> "environment variable " + value;
            case FILE -> "file " + value;
            case COMMAND -> "command `" + value + "`";
        };
    }

    private String fromEnvironment(Map<String, String> environment) {
        String token = environment.get(value);
        if (token == null || token.isBlank()) {
            throw new CliException(
                    ExitCodes.CONFIG,
                    "No token: set " + value + " (on the local stack: export " + value
                            + "=$(bin/taskgate token)), or name a token_file or token_command in the profile.");
        }
        return token;
    }

    private String fromFile() {
        try {
            String token = Files.readString(Path.of(value), StandardCharsets.UTF_8);
            if (token.isBlank()) {
                throw new CliException(ExitCodes.CONFIG, "The token file " + value + " is empty.");
            }
            return token;
        } catch (IOException e) {
            throw new CliException(ExitCodes.CONFIG, "Cannot read the token file " + value + ": " + e.getMessage());
        }
    }

    private String fromCommand() {
        Process process;
        try {
            process = new ProcessBuilder(List.of("sh", "-c", value))
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
        } catch (IOException e) {
            throw new CliException(ExitCodes.CONFIG, "Cannot run the token command: " + e.getMessage());
        }
        try {
            process.getOutputStream().close();
            // a token is far smaller than a pipe's buffer: the command never blocks on its output before it exits
            if (!process.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new CliException(
                        ExitCodes.CONFIG,
                        "The token command did not finish within " + COMMAND_TIMEOUT_SECONDS + " s: " + value);
            }
            if (process.exitValue() != 0) {
                throw new CliException(
                        ExitCodes.CONFIG, "The token command failed (exit " + process.exitValue() + "): " + value);
            }
            String token = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (token.isBlank()) {
                throw new CliException(ExitCodes.CONFIG, "The token command printed nothing: " + value);
            }
            return token;
        } catch (IOException e) {
            throw new CliException(ExitCodes.CONFIG, "Cannot read the token command's output: " + e.getMessage());
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new CliException(ExitCodes.INTERRUPTED, "Interrupted while running the token command.");
        }
    }
}
