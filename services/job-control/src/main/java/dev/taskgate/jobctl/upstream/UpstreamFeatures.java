package dev.taskgate.jobctl.upstream;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;
import dev.taskgate.contracts.upstream.PromptNames;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamFeatureAnswer;
import dev.taskgate.contracts.upstream.UpstreamFeatureAnswer.Kind;
import dev.taskgate.contracts.upstream.UpstreamFeatureRequest;
import dev.taskgate.contracts.upstream.UpstreamProtocol;

/**
 * Federated resources, prompts and completions (docs/gateway.md "Resources, prompts and completions"): live,
 * read-only requests relayed to the upstreams the caller's workspace may use, never durable executions. Lists are
 * aggregated over those upstreams in namespace order, one upstream page per page ({@link FeatureCursor}); an upstream
 * that discovery marked unavailable, that cannot be asked or that lacks the feature is left out of a list. Prompt
 * names are {@code <namespace>.<prompt>} (or the upstream's own, {@link PromptNames#UNPREFIXED}); resource URIs stay as the upstream gave them (they are global identifiers,
 * and tool results cite them unchanged), so a read is routed by the owner a listing taught, else by the first
 * upstream (in namespace order) with a matching template, else by listing every upstream's resources. The credential
 * is opened here and never leaves job-control.
 */
@ApplicationScoped
public class UpstreamFeatures {
    private static final Logger LOG = Logger.getLogger(UpstreamFeatures.class);
    /** Pages of one upstream read to find who owns a URI. */
    private static final int MAX_RESOLVE_PAGES = 20;
    /** Upstream pages asked for one page of a federated list (the empty ones are skipped). */
    private static final int MAX_PAGE_STEPS = 50;
    /** URIs whose owner is remembered; past it the memory starts again (it is a shortcut, not a record). */
    private static final int MAX_KNOWN_URIS = 10_000;

    private static final int MAX_MESSAGE = 500;
    private static final int RESOURCE_NOT_FOUND = -32002;
    /** What MCP 2026-07-28 answers a read of a resource it does not have (SEP-2164), instead of -32002. */
    private static final int INVALID_PARAMS = -32602;

    private final RegisteredUpstreams registered;
    private final OperationCatalog catalog;
    // URI -> id of the upstream that listed it or whose template matched it
    private final Map<String, String> owners = new ConcurrentHashMap<>();
    private final UpstreamConnector sessions;

    UpstreamFeatures(RegisteredUpstreams registered, OperationCatalog catalog, StdioUpstreamProcesses processes) {
        this.registered = registered;
        this.catalog = catalog;
        this.sessions = new UpstreamConnector(registered.addresses(), processes);
    }

    /** Serves one federated request of a caller in {@code workspace}. Blocking: it talks to upstreams. */
    public UpstreamFeatureAnswer serve(String workspace, UpstreamFeatureRequest request) {
        JsonNode params = request.params();
        if (!params.isObject()) {
            return invalid("params must be an object");
        }
        switch (request.method()) {
            case "resources/list":
                return list(workspace, request.method(), params, "resources", false);
            case "resources/templates/list":
                return list(workspace, request.method(), params, "resourceTemplates", false);
            case "prompts/list":
                return list(workspace, request.method(), params, "prompts", true);
            case "resources/read":
                return read(workspace, params);
            case "prompts/get":
                return prompt(workspace, params);
            case "completion/complete":
                return complete(workspace, params);
            default:
                return invalid("not a federated method: " + request.method());
        }
    }

    private UpstreamFeatureAnswer list(
            String workspace, String method, JsonNode params, String key, boolean namespaced) {
        JsonNode cursorParam = params.get("cursor");
        FeatureCursor at = null;
        if (cursorParam != null && !cursorParam.isNull()) {
            if (!cursorParam.isTextual()) {
                return invalid("Invalid cursor.");
            }
            Optional<FeatureCursor> decoded = FeatureCursor.decode(method, cursorParam.asText());
            if (decoded.isEmpty()) {
                return invalid("Invalid cursor.");
            }
            at = decoded.get();
        }
        String from = at == null ? "" : at.namespace();
        List<UpstreamDefinition> walk = visible(workspace).stream()
                .filter(this::isAvailable)
                .filter(u -> u.namespace().compareTo(from) >= 0)
                .toList();
        int index = 0;
        String upstreamCursor =
                at != null && !walk.isEmpty() && walk.get(0).namespace().equals(at.namespace()) ? at.upstream() : null;
        for (int step = 0; step < MAX_PAGE_STEPS && index < walk.size(); step++) {
            UpstreamDefinition upstream = walk.get(index);
            ObjectNode pageParams = JsonNodeFactory.instance.objectNode();
            if (upstreamCursor != null) {
                pageParams.put("cursor", upstreamCursor);
            }
            JsonNode page;
            try {
                page = call(upstream, method, pageParams);
            } catch (UpstreamException e) {
                leftOut(upstream, method, e);
                page = null;
            }
            JsonNode items = page == null ? null : page.get(key);
            String next = page != null && page.path("nextCursor").isTextual()
                    ? page.get("nextCursor").asText()
                    : null;
            if (items == null || !items.isArray()) {
                next = null;
                items = JsonNodeFactory.instance.arrayNode();
            }
            ArrayNode out = JsonNodeFactory.instance.arrayNode();
            for (JsonNode item : items) {
                if (!item.isObject()) {
                    continue;
                }
                ObjectNode copy = ((ObjectNode) item).deepCopy();
                if (namespaced) {
                    copy.put("name", upstream.promptName(item.path("name").asText()));
                } else if (item.path("uri").isTextual()) {
                    learn(item.get("uri").asText(), upstream);
                }
                out.add(copy);
            }
            FeatureCursor following = next != null
                    ? new FeatureCursor(method, upstream.namespace(), next)
                    : index + 1 < walk.size()
                            ? new FeatureCursor(method, walk.get(index + 1).namespace(), null)
                            : null;
            if (!out.isEmpty() || following == null) {
                ObjectNode result = JsonNodeFactory.instance.objectNode();
                result.set(key, out);
                if (following != null) {
                    result.put("nextCursor", following.encode());
                }
                if (page != null
                        && page.path("ttlMs").canConvertToLong()
                        && page.get("ttlMs").asLong() >= 0) {
                    // a 2026-07-28 upstream's freshness hint for this page; the frontend states no longer one
                    result.put("ttlMs", page.get("ttlMs").asLong());
                }
                return UpstreamFeatureAnswer.of(result);
            }
            if (next == null) {
                index++;
            }
            upstreamCursor = next;
        }
        if (index < walk.size()) {
            // many empty upstream pages in a row: hand the walk back to the client instead of looping on
            ObjectNode result = JsonNodeFactory.instance.objectNode();
            result.putArray(key);
            result.put("nextCursor", new FeatureCursor(method, walk.get(index).namespace(), upstreamCursor).encode());
            return UpstreamFeatureAnswer.of(result);
        }
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        result.putArray(key);
        return UpstreamFeatureAnswer.of(result);
    }

    private UpstreamFeatureAnswer read(String workspace, JsonNode params) {
        if (!params.path("uri").isTextual()) {
            return invalid("params.uri is required (a string).");
        }
        String uri = params.get("uri").asText();
        Optional<UpstreamDefinition> owner = ownerOf(workspace, uri);
        if (owner.isEmpty()) {
            return UpstreamFeatureAnswer.failed(Kind.UNKNOWN_RESOURCE, "Resource not found: " + uri, null);
        }
        return relay(owner.get(), "resources/read", params);
    }

    private UpstreamFeatureAnswer prompt(String workspace, JsonNode params) {
        if (!params.path("name").isTextual()) {
            return invalid("params.name is required (a string).");
        }
        String name = params.get("name").asText();
        Optional<Named> named = named(workspace, name);
        if (named.isEmpty()) {
            return UpstreamFeatureAnswer.failed(Kind.UNKNOWN_PROMPT, "Unknown prompt: " + name, null);
        }
        ObjectNode upstreamParams = ((ObjectNode) params).deepCopy();
        upstreamParams.put("name", named.get().name());
        return relay(named.get().upstream(), "prompts/get", upstreamParams);
    }

    private UpstreamFeatureAnswer complete(String workspace, JsonNode params) {
        JsonNode ref = params.path("ref");
        ObjectNode upstreamParams = ((ObjectNode) params).deepCopy();
        switch (ref.path("type").asText()) {
            case "ref/prompt": {
                String name = ref.path("name").asText();
                Optional<Named> named = named(workspace, name);
                if (named.isEmpty()) {
                    return UpstreamFeatureAnswer.failed(Kind.UNKNOWN_PROMPT, "Unknown prompt: " + name, null);
                }
                ((ObjectNode) upstreamParams.get("ref")).put("name", named.get().name());
                return relay(named.get().upstream(), "completion/complete", upstreamParams);
            }
            case "ref/resource": {
                String uri = ref.path("uri").asText();
                Optional<UpstreamDefinition> owner =
                        templateOwner(workspace, uri).or(() -> ownerOf(workspace, uri));
                if (owner.isEmpty()) {
                    return invalid("Unknown resource template: " + uri);
                }
                return relay(owner.get(), "completion/complete", upstreamParams);
            }
            default:
                return invalid("params.ref.type must be ref/prompt or ref/resource.");
        }
    }

    /** The upstreams the caller's workspace may use, in namespace order. */
    private List<UpstreamDefinition> visible(String workspace) {
        return registered.all().stream()
                .filter(u -> u.admits(workspace))
                .sorted(Comparator.comparing(UpstreamDefinition::namespace))
                .toList();
    }

    // discovery's verdict: an upstream it could not list is left out of lists without being asked again
    private boolean isAvailable(UpstreamDefinition upstream) {
        return catalog.upstreamTools().upstreams().stream()
                .filter(s -> s.id().equals(upstream.id()))
                .findFirst()
                .map(UpstreamState::available)
                .orElse(false);
    }

    // registered so, or found so by discovery's last listing (negotiate)
    private boolean speaksStateless(UpstreamDefinition upstream) {
        return upstream.protocol() == UpstreamProtocol.MCP_2026_07_28
                || catalog.upstreamTools().upstreams().stream()
                        .anyMatch(s -> s.id().equals(upstream.id())
                                && UpstreamProtocol.MCP_2026_07_28.version().equals(s.protocol()));
    }

    /**
     * The upstream and own name of the prompt {@code name}: {@code <namespace>.<prompt>} of an upstream the caller may
     * use, else the first upstream with unprefixed prompt names (in namespace order) that lists it — without asking
     * when it is the only such upstream the caller may use.
     */
    private Optional<Named> named(String workspace, String name) {
        List<UpstreamDefinition> visible = visible(workspace);
        int dot = name.indexOf('.');
        if (dot > 0 && dot < name.length() - 1) {
            String namespace = name.substring(0, dot);
            Optional<Named> namespaced = visible.stream()
                    .filter(u -> u.namespace().equals(namespace))
                    .findFirst()
                    .map(u -> new Named(u, name.substring(dot + 1)));
            if (namespaced.isPresent()) {
                return namespaced;
            }
        }
        List<UpstreamDefinition> unprefixed = visible.stream()
                .filter(u -> u.promptNames() == PromptNames.UNPREFIXED)
                .filter(this::isAvailable)
                .toList();
        if (unprefixed.size() == 1) {
            return Optional.of(new Named(unprefixed.get(0), name));
        }
        return unprefixed.stream()
                .filter(u -> all(u, "prompts/list", "prompts").stream()
                        .anyMatch(prompt -> name.equals(prompt.path("name").asText(null))))
                .findFirst()
                .map(u -> new Named(u, name));
    }

    private Optional<UpstreamDefinition> ownerOf(String workspace, String uri) {
        List<UpstreamDefinition> visible = visible(workspace);
        Optional<UpstreamDefinition> known = known(visible, uri);
        if (known.isPresent()) {
            return known;
        }
        for (UpstreamDefinition upstream : visible) {
            if (!isAvailable(upstream)) {
                continue;
            }
            for (JsonNode template : all(upstream, "resources/templates/list", "resourceTemplates")) {
                if (UriTemplates.matches(template.path("uriTemplate").asText(""), uri)) {
                    learn(uri, upstream);
                    return Optional.of(upstream);
                }
            }
        }
        for (UpstreamDefinition upstream : visible) {
            if (!isAvailable(upstream)) {
                continue;
            }
            for (JsonNode resource : all(upstream, "resources/list", "resources")) {
                if (resource.path("uri").isTextual()) {
                    learn(resource.get("uri").asText(), upstream);
                }
            }
            if (upstream.id().equals(owners.get(uri))) {
                return Optional.of(upstream);
            }
        }
        return Optional.empty();
    }

    private Optional<UpstreamDefinition> templateOwner(String workspace, String uriTemplate) {
        for (UpstreamDefinition upstream : visible(workspace)) {
            if (!isAvailable(upstream)) {
                continue;
            }
            for (JsonNode template : all(upstream, "resources/templates/list", "resourceTemplates")) {
                if (uriTemplate.equals(template.path("uriTemplate").asText(null))) {
                    return Optional.of(upstream);
                }
            }
        }
        return Optional.empty();
    }

    private Optional<UpstreamDefinition> known(List<UpstreamDefinition> visible, String uri) {
        String id = owners.get(uri);
        return id == null
                ? Optional.empty()
                : visible.stream().filter(u -> u.id().equals(id)).findFirst();
    }

    private void learn(String uri, UpstreamDefinition upstream) {
        if (owners.size() >= MAX_KNOWN_URIS) {
            owners.clear();
        }
        // the first upstream (in namespace order) to claim a URI keeps it while it is visible
        owners.merge(uri, upstream.id(), (old, candidate) -> old.compareTo(candidate) <= 0 ? old : candidate);
    }

    /** Every item of an upstream's list, bounded; an upstream that fails or lacks the feature has none. */
    private List<JsonNode> all(UpstreamDefinition upstream, String method, String key) {
        List<JsonNode> items = new ArrayList<>();
        String cursor = null;
        for (int page = 0; page < MAX_RESOLVE_PAGES; page++) {
            ObjectNode params = JsonNodeFactory.instance.objectNode();
            if (cursor != null) {
                params.put("cursor", cursor);
            }
            JsonNode result;
            try {
                result = call(upstream, method, params);
            } catch (UpstreamException e) {
                leftOut(upstream, method, e);
                return items;
            }
            result.path(key).forEach(items::add);
            if (!result.path("nextCursor").isTextual()) {
                return items;
            }
            cursor = result.get("nextCursor").asText();
        }
        return items;
    }

    private UpstreamFeatureAnswer relay(UpstreamDefinition upstream, String method, JsonNode params) {
        try {
            return UpstreamFeatureAnswer.of(call(upstream, method, params));
        } catch (UpstreamRefusedException e) {
            if ("resources/read".equals(method)
                    && (e.code() == RESOURCE_NOT_FOUND || e.code() == INVALID_PARAMS && speaksStateless(upstream))) {
                return UpstreamFeatureAnswer.failed(
                        Kind.UNKNOWN_RESOURCE,
                        "Resource not found: " + params.path("uri").asText(),
                        null);
            }
            return UpstreamFeatureAnswer.failed(
                    Kind.UPSTREAM_ERROR,
                    "Upstream " + upstream.namespace() + " refused " + method + ": " + shortened(e.upstreamMessage()),
                    e.code());
        } catch (UpstreamException e) {
            LOG.warnf(
                    "Upstream could not answer a federated read [upstream=%s method=%s reason=%s]",
                    upstream.id(), method, e.getMessage());
            return UpstreamFeatureAnswer.failed(
                    Kind.UPSTREAM_UNAVAILABLE,
                    "Upstream " + upstream.namespace() + " could not answer " + method + "; try again later.",
                    null);
        }
    }

    private JsonNode call(UpstreamDefinition upstream, String method, JsonNode params) throws UpstreamException {
        try (DiscoverySession session = sessions.open(upstream)) {
            return session.request(method, params);
        }
    }

    private static void leftOut(UpstreamDefinition upstream, String method, UpstreamException e) {
        if (e instanceof UpstreamRefusedException refused && refused.code() == -32601) {
            return; // it does not offer the feature: nothing to say
        }
        LOG.warnf(
                "Upstream left out of a federated list [upstream=%s method=%s reason=%s]",
                upstream.id(), method, e.getMessage());
    }

    private static UpstreamFeatureAnswer invalid(String message) {
        return UpstreamFeatureAnswer.failed(Kind.INVALID_PARAMS, message, null);
    }

    private static String shortened(String message) {
        return message.length() <= MAX_MESSAGE ? message : message.substring(0, MAX_MESSAGE) + "…";
    }

    /** A namespaced name resolved to its upstream and the upstream's own name. */
    private record Named(UpstreamDefinition upstream, String name) {}
}
