package dev.taskgate.cli.execution;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;

/**
 * A JSON value given on the command line, or read from a file with {@code @path} ({@code @-}: standard input).
 * Decimals are kept exactly as written ({@code BigDecimal}), as the API keeps them.
 */
public final class JsonArgument {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);

    private JsonArgument() {}

    /** Parses {@code argument}; {@code option} names it in the message when it is not JSON. */
    public static JsonNode parse(String argument, String option, java.io.InputStream stdin) {
        String text;
        String source;
        if (argument.startsWith("@")) {
            String file = argument.substring(1);
            source = "-".equals(file) ? "standard input" : file;
            try {
                text = "-".equals(file)
                        ? new String(stdin.readAllBytes(), StandardCharsets.UTF_8)
                        : Files.readString(Path.of(file), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new CliException(ExitCodes.USAGE, option + ": cannot read " + source + ": " + e.getMessage());
            }
        } else {
            text = argument;
            source = "the argument";
        }
        try {
            JsonNode node = JSON.readTree(text);
            if (node == null || node.isMissingNode()) {
                throw new CliException(ExitCodes.USAGE, option + ": " + source + " is empty, not JSON.");
            }
            return node;
        } catch (IOException e) {
            throw new CliException(
                    ExitCodes.USAGE,
                    option + ": " + source + " is not JSON: "
                            + e.getMessage().lines().findFirst().orElse(""));
        }
    }
}
