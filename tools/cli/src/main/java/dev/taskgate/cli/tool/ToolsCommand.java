package dev.taskgate.cli.tool;

import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.CommandGroup;
import dev.taskgate.cli.ExitCodes;
import dev.taskgate.cli.TaskgateCli;
import dev.taskgate.cli.output.Table;

/** {@code taskgate tools list|show}: the deployment's tools and their input schemas. */
@Command(
        name = "tools",
        description = "The tools you may call, with their input schemas.",
        subcommands = {ToolsCommand.List.class, ToolsCommand.Show.class})
public final class ToolsCommand extends CommandGroup {
    private static final ObjectMapper JSON = new ObjectMapper();

    static ArrayNode tools(CommandSpec spec) {
        TaskgateCli cli = TaskgateCli.of(spec);
        return new ToolCatalog(cli.api(), cli.profile()).list();
    }

    /** The table of tools: name, task policy, input summary, description. */
    static String table(ArrayNode tools) {
        Table table = new Table("TOOL", "TASKS", "INPUT (* required)", "DESCRIPTION");
        for (JsonNode tool : tools) {
            table.row(
                    tool.path("name").asText(),
                    tool.path("_meta").path("dev.taskgate/taskPolicy").asText(null),
                    SchemaSummary.of(tool.path("inputSchema")),
                    tool.path("description").asText(null));
        }
        return table.render();
    }

    /** {@code tools list}. */
    @Command(name = "list", description = "Every tool: name, task policy, input fields; --json: the full schemas.")
    static final class List implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            TaskgateCli cli = TaskgateCli.of(spec);
            ArrayNode tools = tools(spec);
            cli.io().out().print(cli.json() ? tools + System.lineSeparator() : table(tools));
            return ExitCodes.OK;
        }
    }

    /** {@code tools show NAME}. */
    @Command(name = "show", description = "One tool with its whole input schema.")
    static final class Show implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "TOOL", description = "The tool's name.")
        String name;

        @Override
        public Integer call() throws Exception {
            TaskgateCli cli = TaskgateCli.of(spec);
            for (JsonNode tool : tools(spec)) {
                if (name.equals(tool.path("name").asText())) {
                    cli.io()
                            .out()
                            .println(
                                    cli.json()
                                            ? tool.toString()
                                            : JSON.writerWithDefaultPrettyPrinter()
                                                    .writeValueAsString(tool));
                    return ExitCodes.OK;
                }
            }
            throw new CliException(ExitCodes.REFUSED, "No tool named '" + name + "' (taskgate tools list).");
        }
    }
}
