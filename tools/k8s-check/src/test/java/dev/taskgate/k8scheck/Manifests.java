package dev.taskgate.k8scheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/** The objects an overlay renders to, and small accessors the checks share. */
final class Manifests {
    /** The overlays of deploy/k8s/overlays. */
    static final List<String> OVERLAYS = List.of("dev", "prod", "prod-keda");
    /** The four services: Deployment name = service name = image name after {@code taskgate/}. */
    static final List<String> SERVICES = List.of("mcp-frontend", "job-control", "worker-pool", "webhook-dispatcher");

    static final ObjectMapper YAML = new YAMLMapper();
    private static final Map<String, List<ObjectNode>> RENDERED = new ConcurrentHashMap<>();

    private Manifests() {}

    /** The overlay rendered by the reference kubectl (cached); callers get copies they may change. */
    static List<ObjectNode> render(String overlay) {
        List<ObjectNode> objects = RENDERED.computeIfAbsent(
                overlay, name -> parse(Kubectl.kustomize(Kubectl.reference(), Repository.OVERLAYS.resolve(name))));
        return copy(objects);
    }

    static List<ObjectNode> renderWith(Path kubectl, String overlay) {
        return parse(Kubectl.kustomize(kubectl, Repository.OVERLAYS.resolve(overlay)));
    }

    /** Every non-empty YAML document of {@code yaml}, each an object. */
    static List<ObjectNode> parse(String yaml) {
        List<ObjectNode> objects = new ArrayList<>();
        try (var parser = new YAMLFactory().createParser(yaml)) {
            var documents = YAML.readValues(parser, JsonNode.class);
            while (documents.hasNext()) {
                JsonNode document = documents.next();
                if (document == null || document.isNull() || document.isMissingNode()) {
                    continue;
                }
                if (!document.isObject()) {
                    throw new IllegalArgumentException("a YAML document that is not an object: " + document);
                }
                objects.add((ObjectNode) document);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return objects;
    }

    static List<ObjectNode> copy(List<ObjectNode> objects) {
        return objects.stream().map(ObjectNode::deepCopy).toList();
    }

    static String kind(JsonNode object) {
        return object.path("kind").asText();
    }

    static String name(JsonNode object) {
        return object.path("metadata").path("name").asText();
    }

    /** {@code Kind/name}, how problems name an object. */
    static String id(JsonNode object) {
        return kind(object) + "/" + name(object);
    }

    static List<ObjectNode> ofKind(List<ObjectNode> objects, String kind) {
        return objects.stream().filter(o -> kind(o).equals(kind)).toList();
    }

    static Optional<ObjectNode> find(List<ObjectNode> objects, String kind, String name) {
        return objects.stream()
                .filter(o -> kind(o).equals(kind) && name(o).equals(name))
                .findFirst();
    }

    static ObjectNode get(List<ObjectNode> objects, String kind, String name) {
        return find(objects, kind, name).orElseThrow(() -> new AssertionError("no " + kind + "/" + name));
    }

    /** The pod spec of a Deployment. */
    static JsonNode podSpec(JsonNode deployment) {
        return deployment.path("spec").path("template").path("spec");
    }

    static Map<String, String> podLabels(JsonNode deployment) {
        return strings(deployment.path("spec").path("template").path("metadata").path("labels"));
    }

    static Map<String, String> strings(JsonNode map) {
        Map<String, String> result = new java.util.TreeMap<>();
        map.properties().forEach(e -> result.put(e.getKey(), e.getValue().asText()));
        return result;
    }

    /** Whether a Kubernetes label selector (matchLabels, matchExpressions In/NotIn/Exists) selects {@code labels}. */
    static boolean selects(JsonNode selector, Map<String, String> labels) {
        for (var entry : strings(selector.path("matchLabels")).entrySet()) {
            if (!entry.getValue().equals(labels.get(entry.getKey()))) {
                return false;
            }
        }
        for (JsonNode expression : selector.path("matchExpressions")) {
            String value = labels.get(expression.path("key").asText());
            List<String> values = new ArrayList<>();
            expression.path("values").forEach(v -> values.add(v.asText()));
            boolean ok = switch (expression.path("operator").asText()) {
                case "In" -> value != null && values.contains(value);
                case "NotIn" -> value == null || !values.contains(value);
                case "Exists" -> value != null;
                case "DoesNotExist" -> value == null;
                default -> false;
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
