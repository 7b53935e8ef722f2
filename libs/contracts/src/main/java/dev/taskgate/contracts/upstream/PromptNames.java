package dev.taskgate.contracts.upstream;

import java.util.Arrays;

/**
 * How an upstream's prompts are named to callers (docs/gateway.md "Resources, prompts and completions"). Tools are
 * always {@code <namespace>.<tool>}; prompts are too unless the operator asks for the upstream's own names, which a
 * client written for that server expects (the conformance suite asks for {@code test_simple_prompt}).
 */
public enum PromptNames {
    /** {@code <namespace>.<prompt>}, like tools: the default. */
    NAMESPACED("namespaced"),
    /**
     * The upstream's own names. Its namespaced names still resolve; a name without a namespace goes to the first
     * upstream (in namespace order) of this kind, among those the caller may use, whose prompt list names it.
     */
    UNPREFIXED("unprefixed");

    private final String value;

    PromptNames(String value) {
        this.value = value;
    }

    /** The setting's value in the upstreams file and the operator API. */
    public String value() {
        return value;
    }

    /** The setting {@code value} names; an {@link IllegalArgumentException} naming the accepted ones otherwise. */
    public static PromptNames of(String value) {
        return Arrays.stream(values())
                .filter(p -> p.value.equals(value))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "'promptNames' must be namespaced or unprefixed; got '" + value + "'"));
    }
}
