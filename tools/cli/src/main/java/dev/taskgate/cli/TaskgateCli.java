package dev.taskgate.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

import dev.taskgate.cli.config.Profile;
import dev.taskgate.cli.config.Profiles;
import dev.taskgate.cli.execution.CallCommand;
import dev.taskgate.cli.execution.ExecutionsCommand;
import dev.taskgate.cli.http.Api;
import dev.taskgate.cli.ops.OpsCommand;
import dev.taskgate.cli.output.Fields;
import dev.taskgate.cli.tool.ToolsCommand;
import dev.taskgate.cli.webhook.WebhooksCommand;

/**
 * {@code taskgate}: the root command (docs/cli.md). Holds the options every subcommand inherits and builds, once,
 * the profile and the API client the subcommands share.
 */
@Command(
        name = "taskgate",
        mixinStandardHelpOptions = true,
        version = "taskgate 0.1.0",
        description = "Run tools, manage executions and webhooks, and operate a Taskgate deployment.",
        subcommands = {
            CallCommand.class,
            ExecutionsCommand.class,
            ToolsCommand.class,
            WebhooksCommand.class,
            OpsCommand.class,
            CompletionCommand.class,
            CommandLine.HelpCommand.class
        },
        footer = {
            "",
            "Exit codes: 0 ok, 1 execution failed (or isError), 2 usage, 3 cancelled, 4 refused by the API,",
            "5 unavailable, 6 configuration, 7 input required, 8 not finished, 130 interrupted (docs/cli.md)."
        })
public final class TaskgateCli implements java.util.concurrent.Callable<Integer> {
    @Option(
            names = "--profile",
            scope = ScopeType.INHERIT,
            description =
                    "Profile of ~/.config/taskgate/config.toml (default: TASKGATE_PROFILE, default_profile, local).")
    String profile;

    @Option(names = "--url", scope = ScopeType.INHERIT, description = "The frontend's base URL (over the profile).")
    String url;

    @Option(
            names = "--webhooks-url",
            scope = ScopeType.INHERIT,
            description = "webhook-dispatcher's base URL (over the profile).")
    String webhooksUrl;

    @Option(names = "--org", scope = ScopeType.INHERIT, description = "Organisation (over the profile).")
    String org;

    @Option(names = "--project", scope = ScopeType.INHERIT, description = "Project (over the profile).")
    String project;

    @Option(names = "--json", scope = ScopeType.INHERIT, description = "Print JSON for scripts instead of tables.")
    boolean json;

    private final Io io;
    private Profile resolved;
    private Api api;

    /** The command line over these streams and this environment. */
    public TaskgateCli(Io io) {
        this.io = io;
    }

    /** Runs the command line and exits with its code. */
    public static void main(String[] args) {
        System.exit(new TaskgateCli(Io.system()).run(args));
    }

    /** Runs one command line; the exit code ({@link ExitCodes}). */
    public int run(String... args) {
        return commandLine().execute(args);
    }

    /** The configured picocli command line. */
    public CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(this);
        commandLine.setOut(new PrintWriter(io.out(), true, StandardCharsets.UTF_8));
        commandLine.setErr(new PrintWriter(io.err(), true, StandardCharsets.UTF_8));
        commandLine.setExecutionExceptionHandler((exception, command, parseResult) -> {
            if (exception instanceof CliException failure) {
                io.err().println("taskgate: " + failure.getMessage());
                return failure.exitCode();
            }
            throw exception;
        });
        return commandLine;
    }

    /** Without a subcommand: the usage, and the usage exit code. */
    @Override
    public Integer call() {
        new CommandLine(this).usage(io.err());
        return ExitCodes.USAGE;
    }

    /** The streams and environment. */
    public Io io() {
        return io;
    }

    /** Whether {@code --json} was given. */
    public boolean json() {
        return json;
    }

    /** Prints one object: as JSON with {@code --json}, else as fields for people; the OK exit code. */
    public int print(JsonNode object) {
        io.out().print(json ? object + System.lineSeparator() : Fields.render(object));
        return ExitCodes.OK;
    }

    /**
     * Prints a list answer: as JSON with {@code --json}, else its {@code items} as {@code table} renders them, and
     * where the next page starts (on standard error) when there is one; the OK exit code.
     */
    public int printList(JsonNode list, Function<JsonNode, String> table) {
        if (json) {
            io.out().println(list.toString());
            return ExitCodes.OK;
        }
        io.out().print(table.apply(list.path("items")));
        if (list.hasNonNull("next_cursor")) {
            io.err().println("more: --cursor " + list.get("next_cursor").asText());
        }
        return ExitCodes.OK;
    }

    /** The resolved profile (resolved on first use). */
    public synchronized Profile profile() {
        if (resolved == null) {
            Profiles profiles = new Profiles(io.environment());
            resolved = profiles.resolve(
                    profiles.readConfig(), new Profiles.Overrides(profile, url, webhooksUrl, org, project));
        }
        return resolved;
    }

    /** The API client with the profile's token. */
    public synchronized Api api() {
        if (api == null) {
            Profile p = profile();
            api = new Api(() -> p.token().read(io.environment()));
        }
        return api;
    }

    /** The root command of the command a subcommand belongs to. */
    public static TaskgateCli of(CommandLine.Model.CommandSpec spec) {
        return (TaskgateCli) spec.root().userObject();
    }
}
