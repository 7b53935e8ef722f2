package dev.taskgate.cli;

import java.util.concurrent.Callable;

import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code taskgate completion}: the bash (and zsh, with bashcompinit) completion script, from picocli. */
@Command(
        name = "completion",
        description = {
            "Print the shell completion script.",
            "bash: source <(taskgate completion); zsh: autoload -U +X bashcompinit && bashcompinit, then the same."
        })
public final class CompletionCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        TaskgateCli.of(spec)
                .io()
                .out()
                .print(AutoComplete.bash("taskgate", spec.root().commandLine()));
        return ExitCodes.OK;
    }
}
