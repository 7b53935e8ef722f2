package dev.taskgate.contracts.upstream;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import dev.taskgate.contracts.catalog.WorkspacePatterns;

/**
 * One upstream MCP server registered with Taskgate: where it is, how to reach it, who may use its tools and how each
 * tool is treated. Its tools appear as {@code <namespace>.<tool>} on every surface.
 *
 * @param id              a stable identifier, 1-64 of {@code [a-z0-9-]}
 * @param url             its Streamable HTTP endpoint ({@code http} or {@code https}); {@code null} for a stdio
 *                        upstream
 * @param protocol        the protocol generation Taskgate speaks to it, or {@code negotiate} (discovery finds it)
 * @param namespace       the prefix of its tools' names, 1-32 of {@code [a-z0-9_-]}; unique among upstreams
 * @param credential      sent on every request, if any
 * @param workspaces      who may use its tools: {@code <org>/<project>}, {@code <org>/*} or {@code *}; at least one
 * @param allowedTools    the upstream tools offered (by their upstream name), or empty for all it lists
 * @param toolPolicies    per upstream tool name; a tool without one gets {@link ToolPolicy#DEFAULT}
 * @param connectTimeout  to open a connection
 * @param callTimeout     the longest a single call (or a remote task) may take
 * @param maxConcurrency  calls of this upstream running at once across a worker, at least 1
 * @param refreshInterval how often its tool list is read again
 * @param command         for a stdio upstream (upstreams file only), the command that starts it instead of a URL
 * @param promptNames     whether its prompts are named {@code <namespace>.<prompt>} or as the upstream names them
 * @param relays          the client capabilities Taskgate declares to it ({@link #RELAYABLE}, all by default): the
 *                        requests it may send during a call ({@code elicitation/create}, {@code sampling/createMessage},
 *                        {@code roots/list}), each relayed to the caller; fewer only for a 2025-11-25 upstream
 */
public record UpstreamDefinition(
        String id,
        URI url,
        UpstreamProtocol protocol,
        String namespace,
        Optional<UpstreamCredential> credential,
        List<String> workspaces,
        List<String> allowedTools,
        Map<String, ToolPolicy> toolPolicies,
        Duration connectTimeout,
        Duration callTimeout,
        int maxConcurrency,
        Duration refreshInterval,
        Optional<UpstreamCommand> command,
        PromptNames promptNames,
        Set<String> relays) {

    /** The client capabilities Taskgate can declare to an upstream: what it can relay to the caller. */
    public static final Set<String> RELAYABLE = Set.of("elicitation", "sampling", "roots");

    private static final Pattern ID = Pattern.compile("[a-z0-9-]{1,64}");
    private static final Pattern NAMESPACE = Pattern.compile("[a-z0-9_-]{1,32}");
    private static final Pattern WORKSPACE = Pattern.compile("\\*|[A-Za-z0-9_.-]+/(\\*|[A-Za-z0-9_.-]+)");

    public UpstreamDefinition {
        Objects.requireNonNull(id, "id");
        if (!ID.matcher(id).matches()) {
            throw new IllegalArgumentException("an upstream id is 1-64 of a-z, 0-9 and -; got '" + id + "'");
        }
        command = command == null ? Optional.empty() : command;
        if (command.isPresent() == (url != null)) {
            throw new IllegalArgumentException(
                    "upstream " + id + ": give exactly one of url (Streamable HTTP) and command (stdio)");
        }
        if (command.isPresent() && protocol != null && protocol != UpstreamProtocol.MCP_2025_11_25) {
            // the stdio session is the 2025-11-25 one; the stateless generation's client speaks HTTP only, so there
            // would be nothing to negotiate either
            throw new IllegalArgumentException("upstream " + id + ": a stdio upstream speaks 2025-11-25; "
                    + protocol.version() + " over stdio is not supported");
        }
        if (url != null) {
            if (!("http".equals(url.getScheme()) || "https".equals(url.getScheme())) || url.getHost() == null) {
                throw new IllegalArgumentException("upstream " + id + ": url must be an absolute http(s) URL");
            }
            if (url.getUserInfo() != null) {
                throw new IllegalArgumentException(
                        "upstream " + id + ": url must not carry credentials; use the credential setting");
            }
        }
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(namespace, "namespace");
        if (!NAMESPACE.matcher(namespace).matches()) {
            throw new IllegalArgumentException(
                    "upstream " + id + ": a namespace is 1-32 of a-z, 0-9, _ and -; got '" + namespace + "'");
        }
        credential = credential == null ? Optional.empty() : credential;
        if (command.isPresent() && credential.isPresent()) {
            throw new IllegalArgumentException("upstream " + id
                    + ": a stdio upstream takes no credential header; give secrets in command.environment");
        }
        workspaces = List.copyOf(workspaces == null ? List.of() : workspaces);
        if (workspaces.isEmpty()) {
            throw new IllegalArgumentException(
                    "upstream " + id + ": workspaces must name who may use it (<org>/<project>, <org>/* or *)");
        }
        for (String w : workspaces) {
            if (!WORKSPACE.matcher(w).matches()) {
                throw new IllegalArgumentException(
                        "upstream " + id + ": '" + w + "' is not <org>/<project>, <org>/* or *");
            }
        }
        allowedTools = List.copyOf(allowedTools == null ? List.of() : allowedTools);
        toolPolicies = Map.copyOf(toolPolicies == null ? Map.of() : toolPolicies);
        requirePositive(id, "connectTimeout", connectTimeout);
        requirePositive(id, "callTimeout", callTimeout);
        requirePositive(id, "refreshInterval", refreshInterval);
        if (maxConcurrency < 1) {
            throw new IllegalArgumentException("upstream " + id + ": maxConcurrency must be at least 1");
        }
        promptNames = promptNames == null ? PromptNames.NAMESPACED : promptNames;
        relays = relays == null ? RELAYABLE : Set.copyOf(relays);
        for (String relay : relays) {
            if (!RELAYABLE.contains(relay)) {
                throw new IllegalArgumentException("upstream " + id + ": 'relay' names elicitation, sampling and roots"
                        + " only; got '" + relay + "'");
            }
        }
        if (!relays.equals(RELAYABLE) && protocol != UpstreamProtocol.MCP_2025_11_25) {
            // a 2026-07-28 request declares its capabilities itself, and a negotiated one is not known in advance
            throw new IllegalArgumentException(
                    "upstream " + id + ": 'relay' can leave capabilities out for a" + " 2025-11-25 upstream only");
        }
    }

    /** Whether Taskgate declares the client capability {@code capability} to it (and relays such requests). */
    public boolean relays(String capability) {
        return relays.contains(capability);
    }

    /** An upstream with the defaults of the later settings: prompts namespaced, every capability relayed. */
    public UpstreamDefinition(
            String id,
            URI url,
            UpstreamProtocol protocol,
            String namespace,
            Optional<UpstreamCredential> credential,
            List<String> workspaces,
            List<String> allowedTools,
            Map<String, ToolPolicy> toolPolicies,
            Duration connectTimeout,
            Duration callTimeout,
            int maxConcurrency,
            Duration refreshInterval,
            Optional<UpstreamCommand> command) {
        this(
                id,
                url,
                protocol,
                namespace,
                credential,
                workspaces,
                allowedTools,
                toolPolicies,
                connectTimeout,
                callTimeout,
                maxConcurrency,
                refreshInterval,
                command,
                PromptNames.NAMESPACED,
                RELAYABLE);
    }

    /** A Streamable HTTP upstream, as before stdio upstreams existed. */
    public UpstreamDefinition(
            String id,
            URI url,
            UpstreamProtocol protocol,
            String namespace,
            Optional<UpstreamCredential> credential,
            List<String> workspaces,
            List<String> allowedTools,
            Map<String, ToolPolicy> toolPolicies,
            Duration connectTimeout,
            Duration callTimeout,
            int maxConcurrency,
            Duration refreshInterval) {
        this(
                id,
                url,
                protocol,
                namespace,
                credential,
                workspaces,
                allowedTools,
                toolPolicies,
                connectTimeout,
                callTimeout,
                maxConcurrency,
                refreshInterval,
                Optional.empty());
    }

    /** This definition speaking {@code generation}: what a negotiating client tries. */
    public UpstreamDefinition speaking(UpstreamProtocol generation) {
        return new UpstreamDefinition(
                id,
                url,
                generation,
                namespace,
                credential,
                workspaces,
                allowedTools,
                toolPolicies,
                connectTimeout,
                callTimeout,
                maxConcurrency,
                refreshInterval,
                command,
                promptNames,
                relays);
    }

    /** This definition with {@code opened} as its credential: what a service holds once it opened a sealed one. */
    public UpstreamDefinition withCredential(Optional<UpstreamCredential> opened) {
        return new UpstreamDefinition(
                id,
                url,
                protocol,
                namespace,
                opened,
                workspaces,
                allowedTools,
                toolPolicies,
                connectTimeout,
                callTimeout,
                maxConcurrency,
                refreshInterval,
                command,
                promptNames,
                relays);
    }

    /** Whether it is started as a process speaking MCP on its standard input and output. */
    public boolean isStdio() {
        return command.isPresent();
    }

    private static void requirePositive(String id, String name, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException("upstream " + id + ": " + name + " must be a positive duration");
        }
    }

    /** Whether the caller's workspace ({@code <org>/<project>}) may use this upstream's tools. */
    public boolean admits(String workspace) {
        return WorkspacePatterns.admits(workspaces, workspace);
    }

    /** Whether the upstream tool {@code name} is offered. */
    public boolean offers(String name) {
        return allowedTools.isEmpty() || allowedTools.contains(name);
    }

    /** The operator's policy for the upstream tool {@code name}. */
    public ToolPolicy policyOf(String name) {
        return toolPolicies.getOrDefault(name, ToolPolicy.DEFAULT);
    }

    /** The name callers use for the upstream tool {@code name}. */
    public String qualified(String name) {
        return namespace + "." + name;
    }

    /** The name callers see for the upstream prompt {@code name}. */
    public String promptName(String name) {
        return promptNames == PromptNames.UNPREFIXED ? name : qualified(name);
    }

    @Override
    public String toString() {
        return "UpstreamDefinition[id=" + id + ", "
                + command.map(c -> "command=" + c.program()).orElse("url=" + url) + ", namespace=" + namespace + "]";
    }
}
