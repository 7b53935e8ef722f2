package dev.taskgate.cli.ops;

import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.JsonNode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import dev.taskgate.cli.CommandGroup;
import dev.taskgate.cli.ExitCodes;
import dev.taskgate.cli.TaskgateCli;
import dev.taskgate.cli.execution.JsonArgument;

/** {@code taskgate ops upstreams ...}: the gateway's upstream MCP servers (scope {@code upstreams:admin}). */
@Command(
        name = "upstreams",
        description =
                "Upstream MCP servers: their health and tools; register, change, delete, refresh (upstreams:admin).",
        subcommands = {
            UpstreamsCommand.List.class,
            UpstreamsCommand.Get.class,
            UpstreamsCommand.Create.class,
            UpstreamsCommand.Update.class,
            UpstreamsCommand.Delete.class,
            UpstreamsCommand.Refresh.class
        })
public final class UpstreamsCommand extends CommandGroup {

    /** {@code ops upstreams list}. */
    @Command(name = "list", description = "The upstreams the project may use, with their state.")
    static final class List implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            return TaskgateCli.of(spec).printList(OpsCommand.client(spec).upstreams(), OperatorTables::upstreams);
        }
    }

    /** A subcommand about one upstream. */
    abstract static class OnUpstream implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "UPSTREAM", description = "The upstream's id.")
        String id;
    }

    /** {@code ops upstreams get ID}. */
    @Command(name = "get", description = "One upstream: its definition (never its credential) and state.")
    static final class Get extends OnUpstream {
        @Override
        public Integer call() {
            return TaskgateCli.of(spec).print(OpsCommand.client(spec).upstream(id));
        }
    }

    /** {@code ops upstreams create --definition JSON|@file}. */
    @Command(name = "create", description = "Register an upstream (docs/gateway.md lists the definition's fields).")
    static final class Create implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(
                names = "--definition",
                required = true,
                paramLabel = "JSON|@FILE",
                description = "The registration, as JSON or @file (@- reads standard input).")
        String definition;

        @Override
        public Integer call() {
            JsonNode body = JsonArgument.parse(definition, "--definition", System.in);
            return TaskgateCli.of(spec).print(OpsCommand.client(spec).register(body));
        }
    }

    /** {@code ops upstreams update ID --definition JSON|@file}. */
    @Command(name = "update", description = "Replace an upstream's registration.")
    static final class Update extends OnUpstream {
        @Option(
                names = "--definition",
                required = true,
                paramLabel = "JSON|@FILE",
                description = "The whole new registration, as JSON or @file (@- reads standard input).")
        String definition;

        @Override
        public Integer call() {
            JsonNode body = JsonArgument.parse(definition, "--definition", System.in);
            return TaskgateCli.of(spec).print(OpsCommand.client(spec).replace(id, body));
        }
    }

    /** {@code ops upstreams delete ID}. */
    @Command(name = "delete", description = "Delete an upstream's registration; its tools disappear.")
    static final class Delete extends OnUpstream {
        @Override
        public Integer call() {
            OpsCommand.client(spec).deregister(id);
            TaskgateCli.of(spec).io().err().println("deleted " + id);
            return ExitCodes.OK;
        }
    }

    /** {@code ops upstreams refresh ID}. */
    @Command(name = "refresh", description = "List the upstream's tools again now; prints its state.")
    static final class Refresh extends OnUpstream {
        @Override
        public Integer call() {
            return TaskgateCli.of(spec).print(OpsCommand.client(spec).refresh(id));
        }
    }
}
