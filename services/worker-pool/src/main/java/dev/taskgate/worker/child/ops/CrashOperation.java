package dev.taskgate.worker.child.ops;

import java.util.function.IntConsumer;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;

/**
 * {@code demo.crash}: ends the child process at once with the given exit status, writing nothing, so that
 * the parent's crash handling can be exercised.
 */
public final class CrashOperation implements Operation {
    /** The exit status used when the input has no {@code exit_code}: what a SIGKILL-ed process reports. */
    public static final int DEFAULT_EXIT_CODE = 137;

    private final IntConsumer halt;

    /** Halts the JVM for real: no shutdown hooks, no flushing, like a crash. */
    public CrashOperation() {
        this(code -> Runtime.getRuntime().halt(code));
    }

    /** @param halt what ends the process; tests pass a recorder so the test JVM survives */
    public CrashOperation(IntConsumer halt) {
        this.halt = halt;
    }

    @Override
    public String run(JsonNode input, OperationContext context) {
        JsonNode code = input.get("exit_code");
        halt.accept(code != null && code.canConvertToInt() ? code.asInt() : DEFAULT_EXIT_CODE);
        throw new IllegalStateException("the process did not halt");
    }
}
