package dev.taskgate.cli.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TokenSourceTest {
    @Test
    void readsAnEnvironmentVariable() {
        assertThat(new TokenSource(TokenSource.Kind.ENV, "T").read(Map.of("T", " abc\n")))
                .isEqualTo("abc");
    }

    @Test
    void aMissingVariableSaysHowToMintOne() {
        assertThatThrownBy(() -> new TokenSource(TokenSource.Kind.ENV, "T").read(Map.of()))
                .isInstanceOf(CliException.class)
                .hasMessageContaining("set T")
                .hasMessageContaining("bin/taskgate token")
                .satisfies(e -> assertThat(((CliException) e).exitCode()).isEqualTo(ExitCodes.CONFIG));
    }

    @Test
    void readsAFile(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("token"), "from-file\n");
        assertThat(new TokenSource(TokenSource.Kind.FILE, file.toString()).read(Map.of()))
                .isEqualTo("from-file");
        assertThatThrownBy(() -> new TokenSource(
                                TokenSource.Kind.FILE, dir.resolve("none").toString())
                        .read(Map.of()))
                .hasMessageContaining("Cannot read the token file");
    }

    @Test
    void runsACommand() {
        assertThat(new TokenSource(TokenSource.Kind.COMMAND, "printf 'from %s\\n' command").read(Map.of()))
                .isEqualTo("from command");
    }

    @Test
    void aFailingOrSilentCommandIsAConfigurationError() {
        assertThatThrownBy(() -> new TokenSource(TokenSource.Kind.COMMAND, "exit 3").read(Map.of()))
                .hasMessage("The token command failed (exit 3): exit 3");
        assertThatThrownBy(() -> new TokenSource(TokenSource.Kind.COMMAND, "true").read(Map.of()))
                .hasMessage("The token command printed nothing: true");
    }
}
