package dev.taskgate.k8scheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

/**
 * The schema of every kind the overlays may render, from tools/k8s-check/vendor (see its README): the Kubernetes
 * JSON Schemas by file name, and the {@code openAPIV3Schema} of each version of each vendored
 * CustomResourceDefinition. A kind without a schema is a problem, so nothing escapes validation by being new.
 */
final class SchemaCatalog {
    /** apiVersion/kind of the built-in kinds → their file under vendor/kubernetes-v1.30.10/. */
    private static final Map<String, String> BUILT_IN = Map.of(
            "v1/ConfigMap", "configmap-v1.json",
            "v1/Service", "service-v1.json",
            "v1/ServiceAccount", "serviceaccount-v1.json",
            "apps/v1/Deployment", "deployment-apps-v1.json",
            "autoscaling/v2/HorizontalPodAutoscaler", "horizontalpodautoscaler-autoscaling-v2.json",
            "networking.k8s.io/v1/NetworkPolicy", "networkpolicy-networking-v1.json",
            "policy/v1/PodDisruptionBudget", "poddisruptionbudget-policy-v1.json");

    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V4);
    private static final Map<String, JsonSchema> SCHEMAS = load();

    private SchemaCatalog() {}

    /** The validation problems of {@code object}, each prefixed with its Kind/name; empty when it is valid. */
    static List<String> problems(JsonNode object) {
        String key = object.path("apiVersion").asText() + "/" + Manifests.kind(object);
        JsonSchema schema = SCHEMAS.get(key);
        if (schema == null) {
            return List.of(Manifests.id(object) + ": no vendored schema for " + key);
        }
        List<String> problems = new ArrayList<>();
        for (ValidationMessage message : schema.validate(object)) {
            problems.add(Manifests.id(object) + ": " + message.getMessage());
        }
        return problems;
    }

    /** The apiVersion/kind keys there are schemas for. */
    static List<String> kinds() {
        return List.copyOf(SCHEMAS.keySet());
    }

    private static Map<String, JsonSchema> load() {
        Map<String, JsonSchema> schemas = new TreeMap<>();
        ObjectMapper json = new ObjectMapper();
        try {
            for (var entry : BUILT_IN.entrySet()) {
                Path file = Repository.VENDOR.resolve("kubernetes-v1.30.10").resolve(entry.getValue());
                schemas.put(entry.getKey(), compile((ObjectNode) json.readTree(file.toFile()), false));
            }
            List<Path> crds;
            try (Stream<Path> files = Files.walk(Repository.VENDOR)) {
                crds = files.filter(p -> p.toString().endsWith(".yaml"))
                        .sorted()
                        .toList();
            }
            for (Path file : crds) {
                for (ObjectNode crd : Manifests.parse(Files.readString(file))) {
                    if (!Manifests.kind(crd).equals("CustomResourceDefinition")) {
                        continue;
                    }
                    String group = crd.path("spec").path("group").asText();
                    String kind = crd.path("spec").path("names").path("kind").asText();
                    for (JsonNode version : crd.path("spec").path("versions")) {
                        JsonNode schema = version.path("schema").path("openAPIV3Schema");
                        String key = group + "/" + version.path("name").asText() + "/" + kind;
                        schemas.put(key, compile((ObjectNode) schema.deepCopy(), true));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return schemas;
    }

    private static JsonSchema compile(ObjectNode schema, boolean structural) {
        // the Kubernetes files name a draft the validator does not know by that URI; they are draft-04 schemas
        schema.remove("$schema");
        if (structural) {
            strict(schema);
        }
        return FACTORY.getSchema(schema);
    }

    /**
     * Makes a CRD's structural schema refuse unknown fields, as the API server's strict field validation does: every
     * object schema listing properties, with neither additionalProperties nor x-kubernetes-preserve-unknown-fields,
     * gets additionalProperties false. The top-level metadata is left open (the API server validates it itself).
     */
    static void strict(JsonNode node) {
        if (node.isObject()) {
            ObjectNode object = (ObjectNode) node;
            if (object.has("properties")
                    && !object.has("additionalProperties")
                    && !object.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)) {
                object.put("additionalProperties", false);
            }
            object.forEach(SchemaCatalog::strict);
        } else if (node.isArray()) {
            node.forEach(SchemaCatalog::strict);
        }
    }
}
