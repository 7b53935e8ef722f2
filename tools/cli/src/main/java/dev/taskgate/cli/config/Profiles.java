package dev.taskgate.cli.config;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;

/**
 * Resolves the profile a command runs with (docs/cli.md, "Profiles"). Each setting comes from, first to last: the
 * command-line option, the environment ({@code TASKGATE_URL}, {@code TASKGATE_WEBHOOKS_URL}, {@code TASKGATE_ORG},
 * {@code TASKGATE_PROJECT}, {@code TASKGATE_TOKEN}), the selected profile of the configuration file, and for the
 * built-in profile {@code local} the local stack's defaults.
 */
public final class Profiles {
    /** The built-in profile: the local stack of {@code bin/taskgate up}. */
    public static final String LOCAL = "local";

    static final String LOCAL_URL = "http://127.0.0.1:8080";
    static final String LOCAL_WEBHOOKS_URL = "http://127.0.0.1:8083";
    static final String LOCAL_ORG = "acme";
    static final String LOCAL_PROJECT = "demo";
    /** The token variable every profile falls back to. */
    static final String TOKEN_VARIABLE = "TASKGATE_TOKEN";
    /** Set by {@code bin/taskgate}: the command that mints a development token for the local stack. */
    static final String LOCAL_TOKEN_COMMAND_VARIABLE = "TASKGATE_LOCAL_TOKEN_COMMAND";

    private final Map<String, String> environment;

    /** Resolves against this environment (the process's, or a test's). */
    public Profiles(Map<String, String> environment) {
        this.environment = environment;
    }

    /** The configuration file: {@code TASKGATE_CONFIG}, else {@code $XDG_CONFIG_HOME/taskgate/config.toml}, else
     * {@code ~/.config/taskgate/config.toml}. */
    public Path configPath() {
        String explicit = environment.get("TASKGATE_CONFIG");
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit);
        }
        String xdg = environment.get("XDG_CONFIG_HOME");
        Path base = xdg != null && !xdg.isBlank()
                ? Path.of(xdg)
                : Path.of(environment.getOrDefault("HOME", System.getProperty("user.home")), ".config");
        return base.resolve("taskgate").resolve("config.toml");
    }

    /** Reads the configuration file; an absent file is an empty configuration. */
    public ConfigFile readConfig() {
        Path path = configPath();
        if (!Files.exists(path)) {
            return ConfigFile.empty();
        }
        try {
            return ConfigFile.parse(Files.readString(path, StandardCharsets.UTF_8), path.toString());
        } catch (IOException e) {
            throw new CliException(ExitCodes.CONFIG, "Cannot read " + path + ": " + e.getMessage());
        }
    }

    /** The profile named by {@code --profile}, {@code TASKGATE_PROFILE}, {@code default_profile} or {@code local}. */
    public Profile resolve(ConfigFile config, Overrides overrides) {
        String name = firstOf(overrides.profile(), environment.get("TASKGATE_PROFILE"), config.defaultProfile());
        Map<String, String> keys;
        if (name == null) {
            name = LOCAL;
            keys = config.profiles().getOrDefault(LOCAL, Map.of());
        } else if (config.profiles().containsKey(name)) {
            keys = config.profiles().get(name);
        } else if (LOCAL.equals(name)) {
            keys = Map.of();
        } else {
            throw new CliException(
                    ExitCodes.CONFIG,
                    "No profile '" + name + "' in " + configPath() + " (profiles: " + String.join(", ", known(config))
                            + ").");
        }
        boolean local = LOCAL.equals(name);
        String url = setting("url", overrides.url(), "TASKGATE_URL", keys, local ? LOCAL_URL : null, name);
        String webhooksUrl = firstOf(
                overrides.webhooksUrl(),
                environment.get("TASKGATE_WEBHOOKS_URL"),
                keys.get("webhooks_url"),
                local ? LOCAL_WEBHOOKS_URL : null);
        String org = setting("org", overrides.org(), "TASKGATE_ORG", keys, local ? LOCAL_ORG : null, name);
        String project =
                setting("project", overrides.project(), "TASKGATE_PROJECT", keys, local ? LOCAL_PROJECT : null, name);
        return new Profile(
                name,
                uri(url, "url"),
                webhooksUrl == null ? null : uri(webhooksUrl, "webhooks_url"),
                segment(org, "org"),
                segment(project, "project"),
                tokenSource(keys, local, name));
    }

    private TokenSource tokenSource(Map<String, String> keys, boolean local, String name) {
        String fromEnvironment = environment.get(TOKEN_VARIABLE);
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return new TokenSource(TokenSource.Kind.ENV, TOKEN_VARIABLE);
        }
        List<TokenSource> sources = new ArrayList<>();
        if (keys.containsKey("token_env")) {
            sources.add(new TokenSource(TokenSource.Kind.ENV, keys.get("token_env")));
        }
        if (keys.containsKey("token_file")) {
            sources.add(new TokenSource(TokenSource.Kind.FILE, expandHome(keys.get("token_file"))));
        }
        if (keys.containsKey("token_command")) {
            sources.add(new TokenSource(TokenSource.Kind.COMMAND, keys.get("token_command")));
        }
        if (sources.size() > 1) {
            throw new CliException(
                    ExitCodes.CONFIG,
                    "Profile '" + name + "' names more than one of token_env, token_file, token_command.");
        }
        if (sources.size() == 1) {
            return sources.get(0);
        }
        String localCommand = environment.get(LOCAL_TOKEN_COMMAND_VARIABLE);
        if (local && localCommand != null && !localCommand.isBlank()) {
            return new TokenSource(TokenSource.Kind.COMMAND, localCommand);
        }
        return new TokenSource(TokenSource.Kind.ENV, TOKEN_VARIABLE);
    }

    private String setting(
            String key, String option, String variable, Map<String, String> keys, String fallback, String name) {
        String value = firstOf(option, environment.get(variable), keys.get(key), fallback);
        if (value == null) {
            throw new CliException(
                    ExitCodes.CONFIG,
                    "Profile '" + name + "' has no " + key + ": set it in " + configPath() + ", or use " + variable
                            + " or --" + key + ".");
        }
        return value;
    }

    private String expandHome(String path) {
        return path.startsWith("~/")
                ? environment.getOrDefault("HOME", System.getProperty("user.home")) + path.substring(1)
                : path;
    }

    private static URI uri(String value, String key) {
        try {
            URI uri = URI.create(value);
            if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
                throw new IllegalArgumentException("not an http(s) URL");
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCodes.CONFIG, key + " is not an http(s) URL: " + value);
        }
    }

    // org and project become path segments: refuse anything that would change the route
    private static String segment(String value, String key) {
        if (value.isEmpty()
                || !value.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '-' || c == '_' || c == '.')) {
            throw new CliException(
                    ExitCodes.CONFIG, key + " must be letters, digits, '-', '_' or '.': '" + value + "'");
        }
        return value;
    }

    private static List<String> known(ConfigFile config) {
        List<String> names = new ArrayList<>(config.profiles().keySet());
        if (!names.contains(LOCAL)) {
            names.add(LOCAL);
        }
        return names;
    }

    private static String firstOf(String... values) {
        for (String value : values) {
            if (value != null && !value.isBlank()) {
                return value;
            }
        }
        return null;
    }

    /**
     * What the command line says, each null when not given.
     *
     * @param profile     {@code --profile}
     * @param url         {@code --url}
     * @param webhooksUrl {@code --webhooks-url}
     * @param org         {@code --org}
     * @param project     {@code --project}
     */
    public record Overrides(String profile, String url, String webhooksUrl, String org, String project) {}
}
