package dev.taskgate.cli.execution;

import java.util.Map;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.CommandGroup;
import dev.taskgate.cli.ExitCodes;
import dev.taskgate.cli.TaskgateCli;

/** {@code taskgate executions ...}: the caller's own REST executions. */
@Command(
        name = "executions",
        description = "List, inspect, follow, answer and cancel your executions.",
        subcommands = {
            ExecutionsCommand.List.class,
            ExecutionsCommand.Get.class,
            ExecutionsCommand.Result.class,
            ExecutionsCommand.Cancel.class,
            ExecutionsCommand.Input.class,
            ExecutionsCommand.Watch.class
        })
public final class ExecutionsCommand extends CommandGroup {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Pages {@code list --all} reads at most. */
    static final int MAX_PAGES = 50;

    static ExecutionClient client(CommandSpec spec) {
        TaskgateCli cli = TaskgateCli.of(spec);
        return new ExecutionClient(cli.api(), cli.profile());
    }

    /** {@code executions list}. */
    @Command(name = "list", description = "Your executions, newest first.")
    static final class List implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--limit", defaultValue = "20", description = "Per page, 1-100 (default 20).")
        int limit;

        @Option(names = "--cursor", description = "Continue from a page's next_cursor.")
        String cursor;

        @Option(names = "--all", description = "Every page (at most " + MAX_PAGES + ").")
        boolean all;

        @Override
        public Integer call() {
            TaskgateCli cli = TaskgateCli.of(spec);
            ExecutionClient client = client(spec);
            JsonNode page = client.list(limit, cursor);
            if (all) {
                ArrayNode items = JSON.createArrayNode().addAll((ArrayNode) page.path("items"));
                for (int pages = 1; page.hasNonNull("next_cursor") && pages < MAX_PAGES; pages++) {
                    page = client.list(limit, page.get("next_cursor").asText());
                    items.addAll((ArrayNode) page.path("items"));
                }
                ObjectNode merged = JSON.createObjectNode();
                merged.set("items", items);
                if (page.hasNonNull("next_cursor")) {
                    merged.set("next_cursor", page.get("next_cursor"));
                }
                page = merged;
            }
            return cli.printList(page, ExecutionTables::list);
        }
    }

    /** A subcommand about one execution, named by its id (tgx_...). */
    abstract static class OnExecution implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "ID", description = "The execution id (tgx_...).")
        String id;

        /** The execution as JSON with {@code --json}, else as fields for people. */
        int printExecution(JsonNode execution) {
            return TaskgateCli.of(spec).print(execution);
        }
    }

    /** {@code executions get ID}. */
    @Command(name = "get", description = "One execution's status, progress and input requests.")
    static final class Get extends OnExecution {
        @Override
        public Integer call() {
            return printExecution(client(spec).get(id));
        }
    }

    /** {@code executions result ID}. */
    @Command(
            name = "result",
            description = "The result of a completed execution, exactly as stored (exit 8 while it runs).")
    static final class Result extends OnExecution {
        @Override
        public Integer call() {
            ExecutionClient client = client(spec);
            return Outcome.print(TaskgateCli.of(spec).io(), client, client.get(id));
        }
    }

    /** {@code executions cancel ID}. */
    @Command(name = "cancel", description = "Ask for cancellation; prints the execution as it stands afterwards.")
    static final class Cancel extends OnExecution {
        @Override
        public Integer call() {
            return printExecution(client(spec).cancel(id));
        }
    }

    /** {@code executions input ID}. */
    @Command(
            name = "input",
            description = "Answer an execution's input request(s): with --response, or by asking at the terminal.")
    static final class Input extends OnExecution {
        @Option(names = "--key", description = "The request key (default: every outstanding request).")
        String key;

        @Option(
                names = "--response",
                paramLabel = "JSON|@FILE",
                description = "The response: {\"action\":\"accept\",\"content\":{...}}, decline or cancel.")
        String response;

        @Override
        public Integer call() {
            TaskgateCli cli = TaskgateCli.of(spec);
            ExecutionClient client = client(spec);
            JsonNode given = response == null ? null : JsonArgument.parse(response, "--response", System.in);
            if (key != null && given != null) {
                client.input(id, key, given);
                cli.io().err().println("answered " + key);
                return ExitCodes.OK;
            }
            JsonNode execution = client.get(id);
            JsonNode requests = execution.path("input_requests");
            if (!"input_required".equals(execution.path("status").asText()) || requests.isEmpty()) {
                throw new CliException(
                        ExitCodes.REFUSED,
                        "Execution " + id + " asks for nothing (status "
                                + execution.path("status").asText() + ").");
            }
            InputAnswerer answerer = given != null
                    ? new GivenResponses(given, GivenResponses.refuse())
                    : new InputPrompt(cli.io(), GivenResponses.refuse());
            for (Map.Entry<String, JsonNode> request : requests.properties()) {
                if (key == null || key.equals(request.getKey())) {
                    client.input(id, request.getKey(), answerer.answer(id, request.getKey(), request.getValue()));
                    cli.io().err().println("answered " + request.getKey());
                }
            }
            return ExitCodes.OK;
        }
    }

    /** {@code executions watch ID}. */
    @Command(
            name = "watch",
            description = "Follow an execution with a progress line until it ends, then print its result like call.")
    static final class Watch extends OnExecution {
        @Mixin
        FollowOptions follow;

        @Override
        public Integer call() {
            ExecutionClient client = client(spec);
            return follow.followAndPrint(TaskgateCli.of(spec), client, client.get(id));
        }
    }
}
