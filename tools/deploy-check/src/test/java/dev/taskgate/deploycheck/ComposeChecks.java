package dev.taskgate.deploycheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonMetaSchema;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

/**
 * The checks of docker-compose.yml. Each returns what is wrong, one sentence per problem, and nothing for a good file;
 * the tests feed each the committed files and a broken variant.
 */
final class ComposeChecks {
    /** The vendored Compose Specification schema (vendor/compose-spec). */
    static final String SCHEMA = "vendor/compose-spec/compose-spec.json";

    /** Names of settings that hold a key or a password. */
    static final Pattern SECRET_NAME = Pattern.compile("PASSWORD|SECRET|_KEY$|_KEYS$|^PGPASS");

    /** The services whose API is public (docs/architecture.md), with the container port each publishes. */
    static final Map<String, Integer> PUBLISHED = Map.of("mcp-frontend", 8080, "webhook-dispatcher", 8083);

    private ComposeChecks() {}

    /** Problems of {@code compose} against the official Compose Specification schema. */
    static List<String> schema(JsonNode compose) {
        JsonNode schemaNode = Repo.json(SCHEMA);
        // the schema names its meta-schema https://json-schema.org/draft-07/schema: draft 07, resolved offline
        String metaSchema = schemaNode.path("$schema").asText();
        JsonSchemaFactory factory = JsonSchemaFactory.getInstance(
                SpecVersion.VersionFlag.V7,
                builder -> builder.metaSchema(JsonMetaSchema.builder(metaSchema, JsonMetaSchema.getV7())
                        .build()));
        // its $id is relative (compose_spec.json): give it a base of our own, nothing is fetched from there
        JsonSchema schema =
                factory.getSchema(SchemaLocation.of("https://taskgate.dev/vendor/compose-spec/"), schemaNode);
        return schema.validate(compose).stream()
                .map(ValidationMessage::getMessage)
                .sorted()
                .toList();
    }

    /**
     * Every image of a Taskgate service is the one the build names ({@code quarkus.container-image.group/name:tag} of
     * its application.properties, the tag with the project version), with the tag .env.example and the file's
     * default give it; every one of the four services is in the file.
     */
    static List<String> images(
            JsonNode compose, Function<String, Properties> properties, String version, Map<String, String> envExample) {
        List<String> problems = new ArrayList<>();
        Map<String, JsonNode> services = Compose.services(compose);
        for (String service : Repo.SERVICES) {
            if (!services.containsKey(service)) {
                problems.add("service " + service + " is missing");
            }
        }
        for (Map.Entry<String, JsonNode> e : services.entrySet()) {
            String image = e.getValue().path("image").asText("");
            if (!image.startsWith("taskgate/")) {
                continue;
            }
            String name =
                    image.substring("taskgate/".length(), image.contains(":") ? image.indexOf(':') : image.length());
            if (!Repo.SERVICES.contains(name)) {
                problems.add(e.getKey() + ": image " + image + " is no service of this build");
                continue;
            }
            String built = builtImage(properties.apply(name), version);
            String withEnv = Compose.interpolate(image, envExample);
            String withDefaults = Compose.interpolate(image, Map.of());
            if (!withEnv.equals(built)) {
                problems.add(e.getKey() + ": image " + withEnv + " with .env.example, the build makes " + built);
            }
            if (!withDefaults.equals(built)) {
                problems.add(e.getKey() + ": image " + withDefaults + " by default, the build makes " + built);
            }
        }
        for (String service : Repo.SERVICES) {
            if (services.containsKey(service)) {
                String image = services.get(service).path("image").asText("");
                if (!image.startsWith("taskgate/" + service + ":")) {
                    problems.add(service + " runs image " + image + ", not taskgate/" + service);
                }
            }
        }
        return problems;
    }

    /** Every scalar of a service's definition, at any depth. */
    static List<String> allValues(JsonNode node) {
        List<String> values = new ArrayList<>();
        if (node.isValueNode()) {
            values.add(node.asText());
        } else {
            node.forEach(child -> values.addAll(allValues(child)));
        }
        return values;
    }

    /** The image a service's application.properties makes: group/name:tag, the version expression expanded. */
    static String builtImage(Properties p, String version) {
        String group = p.getProperty("quarkus.container-image.group");
        String name = p.getProperty("quarkus.container-image.name");
        String tag = p.getProperty("quarkus.container-image.tag");
        if (group == null || name == null || tag == null) {
            return "(no quarkus.container-image.group, .name and .tag)";
        }
        return group + "/" + name + ":" + tag.replace("${quarkus.application.version}", version);
    }

    /**
     * Every setting bin/lib/service-env.sh starts a service with is in its environment here, and every variable the
     * file needs without a default is an entry of .env.example (which bin/compose-keys turns into .env).
     */
    static List<String> settings(JsonNode compose, Map<String, Set<String>> required, Map<String, String> envExample) {
        List<String> problems = new ArrayList<>();
        Map<String, JsonNode> services = Compose.services(compose);
        for (Map.Entry<String, Set<String>> e : required.entrySet()) {
            JsonNode service = services.get(e.getKey());
            if (service == null) {
                problems.add("service " + e.getKey() + " is missing");
                continue;
            }
            Set<String> given = Compose.environment(service).keySet();
            for (String name : e.getValue()) {
                if (!given.contains(name)) {
                    problems.add(e.getKey() + " lacks " + name + " (bin/lib/service-env.sh gives it)");
                }
            }
        }
        for (Map.Entry<String, JsonNode> s : services.entrySet()) {
            for (String value : allValues(s.getValue())) {
                Compose.references(value).forEach((name, op) -> {
                    boolean hasDefault = op.startsWith(":-") || op.startsWith("-");
                    if (!hasDefault && !envExample.containsKey(name)) {
                        problems.add(s.getKey() + " needs ${" + name + "}, which .env.example does not list");
                    }
                });
            }
        }
        return problems;
    }

    /**
     * No key or password is committed: .env.example leaves every secret entry empty, and the file gives every
     * secret setting only as a reference to the environment without a default; what it mounts as secrets lives in
     * the git-ignored .taskgate/, and .env is git-ignored.
     */
    static List<String> secrets(
            JsonNode compose, Map<String, String> envExample, String composeText, String gitignore) {
        List<String> problems = new ArrayList<>();
        envExample.forEach((name, value) -> {
            if (SECRET_NAME.matcher(name).find() && !value.isEmpty()) {
                problems.add(".env.example gives " + name + " a value");
            }
        });
        for (Map.Entry<String, JsonNode> s : Compose.services(compose).entrySet()) {
            Compose.environment(s.getValue()).forEach((name, value) -> {
                if (!SECRET_NAME.matcher(name).find()) {
                    return;
                }
                Map<String, String> refs = Compose.references(value);
                boolean onlyAReference = refs.size() == 1
                        && value.strip().startsWith("${")
                        && value.strip().endsWith("}")
                        && (refs.values().iterator().next().isEmpty()
                                || refs.values().iterator().next().startsWith(":?")
                                || refs.values().iterator().next().startsWith("?"));
                if (!onlyAReference) {
                    problems.add(s.getKey() + ": " + name + " is not only a reference to the environment");
                }
            });
        }
        for (String section : List.of("secrets", "configs")) {
            compose.path(section).properties().forEach(e -> {
                String file = e.getValue().path("file").asText("");
                if (!file.startsWith("./.taskgate/")) {
                    problems.add(
                            section + "." + e.getKey() + " reads " + file + ", outside the git-ignored .taskgate/");
                }
            });
        }
        if (composeText.contains("PRIVATE KEY")) {
            problems.add("docker-compose.yml holds a private key");
        }
        Set<String> ignored = new TreeSet<>(List.of(gitignore.split("\n")));
        for (String needed : List.of(".env", ".taskgate/")) {
            if (!ignored.contains(needed)) {
                problems.add(".gitignore does not ignore " + needed);
            }
        }
        return problems;
    }

    /** Only mcp-frontend's and webhook-dispatcher's APIs are published, each on loopback and its own port only. */
    static List<String> ports(JsonNode compose) {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, JsonNode> s : Compose.services(compose).entrySet()) {
            String name = s.getKey();
            JsonNode service = s.getValue();
            if ("host".equals(service.path("network_mode").asText())) {
                problems.add(name + " uses the host's network");
            }
            List<String> published = Compose.strings(service.path("ports"));
            Integer allowed = PUBLISHED.get(name);
            if (allowed == null) {
                if (!published.isEmpty()) {
                    problems.add(name + " publishes " + published + "; only " + PUBLISHED.keySet() + " may");
                }
                continue;
            }
            if (published.size() != 1) {
                problems.add(name + " must publish exactly its API port " + allowed + ", publishes " + published);
                continue;
            }
            String port = published.get(0);
            if (!port.startsWith("127.0.0.1:") || !port.endsWith(":" + allowed)) {
                problems.add(name + " publishes " + port + ", expected 127.0.0.1:<host port>:" + allowed);
            }
        }
        return problems;
    }

    /**
     * Kafka and PostgreSQL have health checks, and whoever depends on them waits for healthy; whoever depends on a
     * one-shot set-up job waits for it to complete successfully.
     */
    static List<String> health(JsonNode compose) {
        List<String> problems = new ArrayList<>();
        Map<String, JsonNode> services = Compose.services(compose);
        for (String infra : List.of("kafka", "postgres")) {
            JsonNode service = services.get(infra);
            if (service == null) {
                problems.add("service " + infra + " is missing");
                continue;
            }
            JsonNode check = service.path("healthcheck");
            List<String> test = Compose.strings(check.path("test"));
            if (test.isEmpty()
                    || test.get(0).equals("NONE")
                    || check.path("disable").asBoolean(false)) {
                problems.add(infra + " has no health check");
            }
        }
        for (Map.Entry<String, JsonNode> s : services.entrySet()) {
            Compose.dependsOn(s.getValue()).forEach((dependency, condition) -> {
                String wanted = dependency.endsWith("-init")
                        ? "service_completed_successfully"
                        : List.of("kafka", "postgres").contains(dependency) ? "service_healthy" : null;
                if (wanted != null && !wanted.equals(condition)) {
                    problems.add(s.getKey() + " waits for " + dependency + " with " + condition + ", not " + wanted);
                }
            });
        }
        for (String service : Repo.SERVICES) {
            if (services.containsKey(service)) {
                Map<String, String> deps = Compose.dependsOn(services.get(service));
                if (!"service_completed_successfully".equals(deps.get("kafka-init"))) {
                    problems.add(service + " does not wait for kafka-init");
                }
            }
        }
        return problems;
    }

    /**
     * No service is privileged; the four Taskgate services run read-only with their image's unprivileged user; a
     * container that starts as root has no network and drops every capability first.
     */
    static List<String> hardening(JsonNode compose) {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, JsonNode> s : Compose.services(compose).entrySet()) {
            String name = s.getKey();
            JsonNode service = s.getValue();
            if (service.path("privileged").asBoolean(false)) {
                problems.add(name + " is privileged");
            }
            String user = service.path("user").asText("");
            boolean root = user.equals("root") || user.equals("0") || user.startsWith("0:") || user.startsWith("root:");
            if (Repo.SERVICES.contains(name)) {
                if (!service.path("read_only").asBoolean(false)) {
                    problems.add(name + " has a writable root file system");
                }
                if (!user.isEmpty()) {
                    problems.add(name + " overrides its image's user with " + user);
                }
            }
            if (root
                    && !(Compose.strings(service.path("cap_drop")).contains("ALL")
                            && "none".equals(service.path("network_mode").asText()))) {
                problems.add(name + " runs as root with capabilities or a network");
            }
        }
        return problems;
    }
}
