package dev.taskgate.cli.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProfilesTest {
    private static final Profiles.Overrides NONE = new Profiles.Overrides(null, null, null, null, null);
    private static final ConfigFile CONFIG = ConfigFile.parse("""
            default_profile = "prod"
            [profiles.prod]
            url = "https://prod.example.com/"
            webhooks_url = "https://hooks.example.com"
            org = "acme"
            project = "shop"
            token_file = "~/.taskgate-token"
            [profiles.broken]
            url = "https://x.example.com"
            org = "acme"
            project = "shop"
            token_env = "A"
            token_command = "b"
            """, "c");

    @Test
    void withoutAnyConfigurationTheLocalStackIsTheProfile() {
        Profile profile = new Profiles(Map.of()).resolve(ConfigFile.empty(), NONE);

        assertThat(profile.name()).isEqualTo("local");
        assertThat(profile.url()).hasToString("http://127.0.0.1:8080");
        assertThat(profile.webhooksUrl()).hasToString("http://127.0.0.1:8083");
        assertThat(profile.workspace(profile.url(), "/tool-executions"))
                .hasToString("http://127.0.0.1:8080/v1/orgs/acme/projects/demo/tool-executions");
        assertThat(profile.token()).isEqualTo(new TokenSource(TokenSource.Kind.ENV, "TASKGATE_TOKEN"));
    }

    @Test
    void theLocalProfileMintsWithTheLaunchersCommandUnlessATokenIsSet() {
        Map<String, String> env = new HashMap<>(Map.of("TASKGATE_LOCAL_TOKEN_COMMAND", "bin/taskgate token"));
        assertThat(new Profiles(env).resolve(ConfigFile.empty(), NONE).token())
                .isEqualTo(new TokenSource(TokenSource.Kind.COMMAND, "bin/taskgate token"));

        env.put("TASKGATE_TOKEN", "t");
        assertThat(new Profiles(env).resolve(ConfigFile.empty(), NONE).token())
                .isEqualTo(new TokenSource(TokenSource.Kind.ENV, "TASKGATE_TOKEN"));
    }

    @Test
    void theDefaultProfileOfTheFileIsUsedAndItsTokenFileExpandsHome() {
        Profile profile = new Profiles(Map.of("HOME", "/home/ann")).resolve(CONFIG, NONE);

        assertThat(profile.name()).isEqualTo("prod");
        assertThat(profile.workspace(profile.url(), "/x"))
                .hasToString("https://prod.example.com/v1/orgs/acme/projects/shop/x");
        assertThat(profile.token()).isEqualTo(new TokenSource(TokenSource.Kind.FILE, "/home/ann/.taskgate-token"));
    }

    @Test
    void optionsWinOverTheEnvironmentWhichWinsOverTheFile() {
        Map<String, String> env = Map.of("TASKGATE_URL", "http://env.example.com", "TASKGATE_ORG", "envorg");
        Profile fromEnv = new Profiles(env).resolve(CONFIG, NONE);
        assertThat(fromEnv.url()).hasToString("http://env.example.com");
        assertThat(fromEnv.org()).isEqualTo("envorg");
        assertThat(fromEnv.project()).isEqualTo("shop");

        Profile fromOptions = new Profiles(env)
                .resolve(CONFIG, new Profiles.Overrides(null, "http://opt.example.com", null, "optorg", "optproj"));
        assertThat(fromOptions.url()).hasToString("http://opt.example.com");
        assertThat(fromOptions.org()).isEqualTo("optorg");
        assertThat(fromOptions.project()).isEqualTo("optproj");
    }

    @Test
    void anUnknownProfileIsAConfigurationErrorListingTheKnownOnes() {
        assertThatThrownBy(() -> new Profiles(Map.of("TASKGATE_PROFILE", "qa")).resolve(CONFIG, NONE))
                .isInstanceOf(CliException.class)
                .hasMessageContaining("No profile 'qa'")
                .hasMessageContaining("prod, broken, local")
                .satisfies(e -> assertThat(((CliException) e).exitCode()).isEqualTo(ExitCodes.CONFIG));
    }

    @Test
    void aProfileWithTwoTokenSourcesIsRefused() {
        assertThatThrownBy(() -> new Profiles(Map.of())
                        .resolve(CONFIG, new Profiles.Overrides("broken", null, null, null, null)))
                .hasMessageContaining("more than one of token_env, token_file, token_command");
    }

    @Test
    void aFileProfileWithoutOrgIsRefusedNamingWhatToSet() {
        ConfigFile config = ConfigFile.parse("[profiles.p]\nurl = \"http://h\"\nproject = \"x\"\n", "c");
        assertThatThrownBy(() ->
                        new Profiles(Map.of()).resolve(config, new Profiles.Overrides("p", null, null, null, null)))
                .hasMessageContaining("Profile 'p' has no org")
                .hasMessageContaining("TASKGATE_ORG or --org");
    }

    @Test
    void refusesAUrlThatIsNotHttpAndAnOrgThatWouldChangeTheRoute() {
        assertThatThrownBy(() -> new Profiles(Map.of("TASKGATE_URL", "ftp://h")).resolve(ConfigFile.empty(), NONE))
                .hasMessage("url is not an http(s) URL: ftp://h");
        assertThatThrownBy(() -> new Profiles(Map.of("TASKGATE_ORG", "../admin")).resolve(ConfigFile.empty(), NONE))
                .hasMessageContaining("org must be");
    }

    @Test
    void findsTheConfigurationFile(@TempDir Path home) throws Exception {
        assertThat(new Profiles(Map.of("HOME", "/home/ann")).configPath())
                .isEqualTo(Path.of("/home/ann/.config/taskgate/config.toml"));
        assertThat(new Profiles(Map.of("XDG_CONFIG_HOME", "/x")).configPath())
                .isEqualTo(Path.of("/x/taskgate/config.toml"));

        Path file = home.resolve("tg.toml");
        Files.writeString(file, "[profiles.local]\nproject = \"other\"\n");
        Profiles profiles = new Profiles(Map.of("TASKGATE_CONFIG", file.toString()));
        Profile local = profiles.resolve(profiles.readConfig(), NONE);
        assertThat(local.project()).isEqualTo("other");
        assertThat(local.org()).isEqualTo("acme");
    }
}
