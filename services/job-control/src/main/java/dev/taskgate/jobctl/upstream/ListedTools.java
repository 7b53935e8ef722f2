package dev.taskgate.jobctl.upstream;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.catalog.UpstreamBinding;
import dev.taskgate.contracts.upstream.ToolPolicy;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamProtocol;
import dev.taskgate.jobctl.submit.CanonicalJson;

/**
 * Turns the tools an upstream listed into catalog entries: offered tools only, named {@code <namespace>.<tool>}, with
 * the operator's policy. A tool Taskgate cannot offer (bad name, no object input schema) is left out and named in
 * {@link #problems()}; the others are unaffected.
 */
final class ListedTools {
    private static final Pattern TOOL_NAME = Pattern.compile("[A-Za-z0-9_.-]{1,128}");

    private final List<OperationSpec> entries = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();

    private ListedTools() {}

    /** The entries of {@code tools} (each an MCP {@code Tool}) of {@code upstream}. */
    static ListedTools of(UpstreamDefinition upstream, List<JsonNode> tools) {
        return of(upstream, tools, "forbidden");
    }

    /**
     * The entries of {@code tools}; a tool without {@code execution.taskSupport} (every 2026-07-28 tool) is bound with
     * {@code implicitTaskSupport}.
     */
    static ListedTools of(UpstreamDefinition upstream, List<JsonNode> tools, String implicitTaskSupport) {
        return of(
                upstream,
                tools,
                implicitTaskSupport,
                upstream.protocol() == UpstreamProtocol.NEGOTIATE ? null : upstream.protocol());
    }

    /** As {@link #of(UpstreamDefinition, List, String)}, listed speaking {@code spoken}, which the bindings carry. */
    static ListedTools of(
            UpstreamDefinition upstream, List<JsonNode> tools, String implicitTaskSupport, UpstreamProtocol spoken) {
        ListedTools listed = new ListedTools();
        for (JsonNode tool : tools) {
            listed.add(upstream, tool, implicitTaskSupport, spoken);
        }
        return listed;
    }

    private void add(UpstreamDefinition upstream, JsonNode tool, String implicitTaskSupport, UpstreamProtocol spoken) {
        String name = tool.path("name").asText("");
        if (name.isEmpty() || !upstream.offers(name)) {
            return;
        }
        String qualified = upstream.qualified(name);
        if (!TOOL_NAME.matcher(qualified).matches()) {
            problems.add("tool '" + name + "' is left out: " + qualified + " is not a valid tool name");
            return;
        }
        JsonNode schema = tool.get("inputSchema");
        if (schema == null
                || !schema.isObject()
                || !"object".equals(schema.path("type").asText())) {
            problems.add("tool '" + name + "' is left out: its inputSchema is not an object schema");
            return;
        }
        ToolPolicy policy = upstream.policyOf(name);
        JsonNode annotations =
                tool.path("annotations").isObject() ? tool.get("annotations") : JsonNodeFactory.instance.objectNode();
        String title = tool.path("title").isTextual()
                ? tool.get("title").asText()
                : annotations.path("title").isTextual()
                        ? annotations.get("title").asText()
                        : null;
        entries.add(new OperationSpec(
                qualified,
                "upstream-" + digest(tool),
                title,
                tool.path("description").isTextual() ? tool.get("description").asText() : null,
                !policy.readOnly(),
                annotations,
                schema,
                Boolean.TRUE,
                policy.taskSupport(),
                policy.handoff(),
                null,
                Boolean.FALSE,
                new UpstreamBinding(
                        upstream.id(),
                        name,
                        tool.path("execution").path("taskSupport").asText(implicitTaskSupport),
                        upstream.workspaces(),
                        spoken == null ? null : spoken.version())));
    }

    /** The catalog entries, in the upstream's order. */
    List<OperationSpec> entries() {
        return entries;
    }

    /** What was left out, and why. */
    List<String> problems() {
        return problems;
    }

    // the tool's definition decides its version: a changed schema or description is a new version, bound in receipts
    private static String digest(JsonNode tool) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest(CanonicalJson.write(tool).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
