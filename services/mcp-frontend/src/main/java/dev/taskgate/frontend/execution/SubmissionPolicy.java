package dev.taskgate.frontend.execution;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.auth.ToolPermissions;
import dev.taskgate.frontend.problem.Echo;
import dev.taskgate.frontend.problem.ProblemKind;
import dev.taskgate.frontend.problem.Problems;

/**
 * Whether a caller may submit this tool call, checked in the documented order: the tool is registered (else 422
 * {@code unknown-tool}), a mutating tool needs {@code tools:write} (else 403 {@code insufficient-scope}), and the
 * input satisfies the tool's schema (else 422 {@code invalid-input} listing every violation).
 */
@Singleton
public class SubmissionPolicy {
    // an unavailable upstream is listed again within seconds (jobctl.upstreams.retry-interval)
    private static final long UPSTREAM_RETRY_AFTER_SECONDS = 15;

    private final ToolInputValidator tools;

    /** A policy over these tools. */
    public SubmissionPolicy(ToolInputValidator tools) {
        this.tools = tools;
    }

    /** Returns normally when the call may be submitted; throws the problem otherwise. */
    public void admit(AuthenticatedCaller caller, String toolName, JsonNode input) {
        String workspace = caller.caller().workspace();
        tools.unavailable(toolName, workspace).ifPresent(reason -> {
            throw Problems.unavailable(reason, UPSTREAM_RETRY_AFTER_SECONDS);
        });
        ToolInputValidator.Tool tool = tools.find(toolName, workspace)
                .orElseThrow(() -> ProblemKind.UNKNOWN_TOOL
                        .problem("No tool named '" + Echo.excerpt(toolName) + "' is registered.")
                        .with("tool_name", Echo.excerpt(toolName))
                        .toException());
        ToolPermissions.requireToSubmit(caller, tool.spec());
        List<InputViolation> violations = tool.violations(input);
        if (!violations.isEmpty()) {
            // Pointers are into the request body, where the input sits under "input".
            List<Map<String, String>> errors = violations.stream()
                    .map(v -> Map.of("pointer", "/input" + v.pointer(), "message", v.message()))
                    .collect(Collectors.toList());
            throw ProblemKind.INVALID_INPUT
                    .problem("The input does not satisfy the input schema of '" + Echo.excerpt(toolName) + "'.")
                    .with("errors", errors)
                    .toException();
        }
    }
}
