package dev.taskgate.cli.config;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConfigFileTest {
    @Test
    void readsProfilesCommentsAndBothStringKinds() {
        ConfigFile config = ConfigFile.parse("""
                # which profile by default
                default_profile = "staging"

                [profiles.staging]
                url = "https://taskgate.example.com"   # the frontend
                org = 'acme'
                project = "demo"
                token_command = "vault read -field=token \\"secret/taskgate\\""

                [profiles."my laptop"]
                url = 'http://127.0.0.1:8080'
                token_file = '~/tokens/#1'
                """, "config.toml");

        assertThat(config.defaultProfile()).isEqualTo("staging");
        assertThat(config.profiles()).containsOnlyKeys("staging", "my laptop");
        assertThat(config.profiles().get("staging"))
                .containsExactly(
                        Map.entry("url", "https://taskgate.example.com"),
                        Map.entry("org", "acme"),
                        Map.entry("project", "demo"),
                        Map.entry("token_command", "vault read -field=token \"secret/taskgate\""));
        assertThat(config.profiles().get("my laptop")).containsEntry("token_file", "~/tokens/#1");
    }

    @Test
    void decodesEscapes() {
        ConfigFile config = ConfigFile.parse("[profiles.a]\norg = \"a\\tb\\u0041\\\\\"\n", "c");
        assertThat(config.profiles().get("a")).containsEntry("org", "a\tbA\\");
    }

    @Test
    void refusesAnUnknownKeyNamingItsLine() {
        assertThatThrownBy(() -> ConfigFile.parse("[profiles.a]\nurl = \"x\"\ntoken = \"secret\"\n", "c.toml"))
                .isInstanceOf(CliException.class)
                .hasMessageStartingWith("c.toml:3: unknown profile key 'token'")
                .satisfies(e -> assertThat(((CliException) e).exitCode()).isEqualTo(ExitCodes.CONFIG));
    }

    @Test
    void refusesValuesThatAreNotStrings() {
        assertThatThrownBy(() -> ConfigFile.parse("[profiles.a]\nurl = 8080\n", "c"))
                .hasMessage("c:2: values are strings in double or single quotes");
    }

    @Test
    void refusesOtherTablesAndTopLevelKeys() {
        assertThatThrownBy(() -> ConfigFile.parse("[server]\n", "c")).hasMessageContaining("only [profiles.NAME]");
        assertThatThrownBy(() -> ConfigFile.parse("url = \"x\"\n", "c"))
                .hasMessageContaining("unknown top-level key 'url'");
        assertThatThrownBy(() -> ConfigFile.parse("[[profiles.a]]\n", "c")).hasMessageContaining("table header");
    }

    @Test
    void refusesDuplicates() {
        assertThatThrownBy(() -> ConfigFile.parse("[profiles.a]\n[profiles.a]\n", "c"))
                .hasMessage("c:2: profile 'a' is defined twice");
        assertThatThrownBy(() -> ConfigFile.parse("[profiles.a]\norg = \"x\"\norg = \"y\"\n", "c"))
                .hasMessage("c:3: key 'org' is set twice");
    }

    @Test
    void refusesBrokenStrings() {
        assertThatThrownBy(() -> ConfigFile.parse("[profiles.a]\norg = \"x\n", "c"))
                .hasMessageContaining("c:2:");
        assertThatThrownBy(() -> ConfigFile.parse("[profiles.a]\norg = \"\\q\"\n", "c"))
                .hasMessage("c:2: unknown escape \\q");
        assertThatThrownBy(() -> ConfigFile.parse("[profiles.a]\norg = \"\\u00\"\n", "c"))
                .hasMessage("c:2: \\u needs four hex digits");
    }
}
