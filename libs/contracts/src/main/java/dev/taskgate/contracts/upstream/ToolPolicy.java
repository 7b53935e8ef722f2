package dev.taskgate.contracts.upstream;

import java.util.Set;

/**
 * What an operator decided about one upstream tool; the defaults are the safe ones.
 *
 * @param readOnly    the tool changes nothing, so a replacement worker may invoke it again after its first worker was
 *                    lost; otherwise (the default) it is treated as mutating: never invoked twice, and callers need
 *                    {@code tools:write}. An upstream's own {@code readOnlyHint} is not trusted for this
 * @param taskSupport Taskgate's MCP task policy for the tool ({@code forbidden}, {@code optional}, {@code required}),
 *                    or {@code null} for the service's default
 * @param handoff     what an ordinary call does while the work runs ({@code block}, {@code handoff_after=<duration>}),
 *                    or {@code null} for the frontend's default ({@code taskgate.frontend.compat.default-handoff})
 */
public record ToolPolicy(boolean readOnly, String taskSupport, String handoff) {
    private static final Set<String> TASK_SUPPORT = Set.of("forbidden", "optional", "required");

    /** Mutating, default task policy, blocks. */
    public static final ToolPolicy DEFAULT = new ToolPolicy(false, null, null);

    public ToolPolicy {
        if (taskSupport != null && !TASK_SUPPORT.contains(taskSupport)) {
            throw new IllegalArgumentException(
                    "taskSupport must be one of forbidden, optional, required; got " + taskSupport);
        }
        if (handoff != null && !handoff.equals("block") && !handoff.matches("handoff_after=[1-9][0-9]{0,6}(ms|s|m)")) {
            throw new IllegalArgumentException(
                    "handoff must be block or handoff_after=<positive number><ms|s|m>; got " + handoff);
        }
    }
}
