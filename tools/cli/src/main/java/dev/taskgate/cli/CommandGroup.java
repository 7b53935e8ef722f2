package dev.taskgate.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A command that only groups subcommands: called alone, it prints its usage and exits with the usage code. */
public abstract class CommandGroup implements Callable<Integer> {
    @Spec
    protected CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(TaskgateCli.of(spec).io().err());
        return ExitCodes.USAGE;
    }
}
