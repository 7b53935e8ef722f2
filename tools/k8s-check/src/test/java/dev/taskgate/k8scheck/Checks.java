package dev.taskgate.k8scheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import static dev.taskgate.k8scheck.Manifests.find;
import static dev.taskgate.k8scheck.Manifests.id;
import static dev.taskgate.k8scheck.Manifests.kind;
import static dev.taskgate.k8scheck.Manifests.name;
import static dev.taskgate.k8scheck.Manifests.ofKind;
import static dev.taskgate.k8scheck.Manifests.podLabels;
import static dev.taskgate.k8scheck.Manifests.podSpec;
import static dev.taskgate.k8scheck.Manifests.selects;

/**
 * The project's rules for what deploy/k8s renders, each a function from the rendered objects to a list of problems
 * (empty: the rule holds), so that tests can feed them broken variants too. docs/kubernetes.md states the rules.
 */
final class Checks {
    private static final Pattern IMAGE = Pattern.compile("taskgate/([a-z-]+):([A-Za-z0-9._-]+)");
    /** Setting names that hold key material or passwords (TASKGATE_HANDLES_KEY, …_PASSWORD, …_TRUSTED_KEYS). */
    private static final Pattern SECRET_NAME = Pattern.compile("(_KEY|_KEYS|PASSWORD|_SECRET)$|^password$");

    private Checks() {}

    /** Every object validates against its vendored schema. */
    static List<String> schemas(List<ObjectNode> objects) {
        List<String> problems = new ArrayList<>();
        objects.forEach(o -> problems.addAll(SchemaCatalog.problems(o)));
        return problems;
    }

    /**
     * Every container of every Deployment: the hardened securityContext (non-root, no privilege escalation, read-only
     * root filesystem with an emptyDir on /tmp, no capabilities, seccomp RuntimeDefault), requests and limits, and
     * startup, liveness and readiness probes on the management interface's health endpoints — the port the
     * service's configuration opens on an address the kubelet reaches.
     */
    static List<String> containers(List<ObjectNode> objects) {
        List<String> problems = new ArrayList<>();
        for (ObjectNode deployment : ofKind(objects, "Deployment")) {
            JsonNode pod = podSpec(deployment);
            JsonNode podSecurity = pod.path("securityContext");
            Map<String, String> settings = settings(objects, deployment);
            List<JsonNode> all = new ArrayList<>();
            pod.path("initContainers").forEach(all::add);
            pod.path("containers").forEach(all::add);
            for (JsonNode container : all) {
                String where =
                        id(deployment) + " container " + container.path("name").asText();
                JsonNode security = container.path("securityContext");
                if (!security.path("runAsNonRoot")
                        .asBoolean(podSecurity.path("runAsNonRoot").asBoolean(false))) {
                    problems.add(where + ": runAsNonRoot is not true");
                }
                if (!security.path("allowPrivilegeEscalation").isBoolean()
                        || security.path("allowPrivilegeEscalation").asBoolean()) {
                    problems.add(where + ": allowPrivilegeEscalation is not false");
                }
                if (!security.path("readOnlyRootFilesystem").asBoolean(false)) {
                    problems.add(where + ": readOnlyRootFilesystem is not true");
                }
                Set<String> dropped = texts(security.path("capabilities").path("drop"));
                if (!dropped.contains("ALL")) {
                    problems.add(where + ": capabilities do not drop ALL");
                }
                if (!security.path("capabilities").path("add").isMissingNode()
                        && !security.path("capabilities").path("add").isEmpty()) {
                    problems.add(where + ": adds capabilities");
                }
                String seccomp = security.path("seccompProfile")
                        .path("type")
                        .asText(podSecurity.path("seccompProfile").path("type").asText());
                if (!seccomp.equals("RuntimeDefault")) {
                    problems.add(where + ": seccompProfile is not RuntimeDefault");
                }
                if (!writableTmp(pod, container)) {
                    problems.add(where + ": /tmp is not an emptyDir (the root filesystem is read-only)");
                }
                JsonNode resources = container.path("resources");
                for (String field : List.of("requests.cpu", "requests.memory", "limits.memory")) {
                    String[] parts = field.split("\\.");
                    if (resources.path(parts[0]).path(parts[1]).asText().isEmpty()) {
                        problems.add(where + ": no resources." + field);
                    }
                }
            }
            JsonNode main = pod.path("containers").path(0);
            String where = id(deployment) + " container " + main.path("name").asText();
            int management = -1;
            for (JsonNode port : main.path("ports")) {
                if (port.path("name").asText().equals("management")) {
                    management = port.path("containerPort").asInt();
                }
            }
            if (management < 0) {
                problems.add(where + ": no port named management");
            } else if (!String.valueOf(management).equals(settings.get("QUARKUS_MANAGEMENT_PORT"))) {
                problems.add(where + ": port management is " + management + " but QUARKUS_MANAGEMENT_PORT is "
                        + settings.get("QUARKUS_MANAGEMENT_PORT"));
            }
            String host = settings.getOrDefault("QUARKUS_MANAGEMENT_HOST", "127.0.0.1");
            if (host.startsWith("127.") || host.equals("localhost")) {
                problems.add(where + ": the management interface binds " + host + ", which a kubelet cannot reach");
            }
            problems.addAll(probe(where, main, "startupProbe", "/q/health/live", management));
            problems.addAll(probe(where, main, "livenessProbe", "/q/health/live", management));
            problems.addAll(probe(where, main, "readinessProbe", "/q/health/ready", management));
        }
        return problems;
    }

    private static List<String> probe(String where, JsonNode container, String field, String path, int management) {
        JsonNode get = container.path(field).path("httpGet");
        if (get.isMissingNode()) {
            return List.of(where + ": no " + field + " with httpGet");
        }
        List<String> problems = new ArrayList<>();
        if (!get.path("path").asText().equals(path)) {
            problems.add(where + ": " + field + " asks " + get.path("path").asText() + ", not " + path);
        }
        JsonNode port = get.path("port");
        if (!(port.asText().equals("management") || port.asInt() == management)) {
            problems.add(where + ": " + field + " is not on the management interface (port " + port.asText() + ")");
        }
        return problems;
    }

    private static boolean writableTmp(JsonNode pod, JsonNode container) {
        for (JsonNode mount : container.path("volumeMounts")) {
            if (mount.path("mountPath").asText().equals("/tmp")) {
                for (JsonNode volume : pod.path("volumes")) {
                    if (volume.path("name").asText().equals(mount.path("name").asText())) {
                        return volume.has("emptyDir");
                    }
                }
            }
        }
        return false;
    }

    /** Exactly the four Deployments, each running its own image {@code taskgate/<service>:<tag>}, never latest. */
    static List<String> images(List<ObjectNode> objects) {
        List<String> problems = new ArrayList<>();
        Set<String> deployments = new TreeSet<>();
        for (ObjectNode deployment : ofKind(objects, "Deployment")) {
            deployments.add(name(deployment));
            List<JsonNode> all = new ArrayList<>();
            podSpec(deployment).path("initContainers").forEach(all::add);
            podSpec(deployment).path("containers").forEach(all::add);
            for (JsonNode container : all) {
                String image = container.path("image").asText();
                Matcher matcher = IMAGE.matcher(image);
                if (!matcher.matches()) {
                    problems.add(id(deployment) + ": image " + image + " is not taskgate/<service>:<tag>");
                } else if (!matcher.group(1).equals(name(deployment))) {
                    problems.add(id(deployment) + ": runs image " + image + ", not taskgate/" + name(deployment));
                } else if (matcher.group(2).equals("latest")) {
                    problems.add(id(deployment) + ": image tag latest");
                }
            }
        }
        if (!deployments.equals(new TreeSet<>(Manifests.SERVICES))) {
            problems.add("the Deployments are " + deployments + ", not " + new TreeSet<>(Manifests.SERVICES));
        }
        return problems;
    }

    /**
     * Secrets are referenced, never rendered: no object is a Secret, no ConfigMap holds a key or password, and every
     * Secret an object names (environment, volumes, CloudNativePG role passwords, KEDA authentication) is one of
     * {@code documented}.
     */
    static List<String> secrets(List<ObjectNode> objects, Set<String> documented) {
        List<String> problems = new ArrayList<>();
        for (ObjectNode object : objects) {
            if (kind(object).equals("Secret")) {
                problems.add(id(object) + ": a Secret in the manifests (secrets are created in the cluster)");
            }
        }
        for (ObjectNode configMap : ofKind(objects, "ConfigMap")) {
            configMap.path("data").properties().forEach(e -> {
                if (SECRET_NAME.matcher(e.getKey()).find()) {
                    problems.add(id(configMap) + ": " + e.getKey() + " looks like a secret; it belongs in a Secret");
                }
            });
        }
        for (var entry : secretReferences(objects).entrySet()) {
            if (!documented.contains(entry.getKey())) {
                problems.add(entry.getValue() + ": refers to Secret " + entry.getKey()
                        + ", which docs/kubernetes.md does not list");
            }
        }
        return problems;
    }

    /** Every Secret name referenced → the first object referring to it. */
    static Map<String, String> secretReferences(List<ObjectNode> objects) {
        Map<String, String> references = new TreeMap<>();
        for (ObjectNode object : objects) {
            List<String> names = new ArrayList<>();
            collectSecretNames(object, names);
            if (kind(object).equals("Cluster")) {
                object.path("spec")
                        .path("managed")
                        .path("roles")
                        .forEach(r ->
                                names.add(r.path("passwordSecret").path("name").asText()));
                JsonNode initdb = object.path("spec").path("bootstrap").path("initdb");
                if (initdb.has("secret")) {
                    names.add(initdb.path("secret").path("name").asText());
                }
            }
            if (kind(object).equals("TriggerAuthentication")) {
                object.path("spec")
                        .path("secretTargetRef")
                        .forEach(r -> names.add(r.path("name").asText()));
            }
            names.forEach(n -> references.putIfAbsent(n, id(object)));
        }
        return references;
    }

    private static void collectSecretNames(JsonNode node, List<String> names) {
        if (node.isObject()) {
            if (node.has("secretKeyRef")) {
                names.add(node.path("secretKeyRef").path("name").asText());
            }
            if (node.has("secretRef")) {
                names.add(node.path("secretRef").path("name").asText());
            }
            if (node.has("secret") && node.path("secret").has("secretName")) {
                names.add(node.path("secret").path("secretName").asText());
            }
            node.forEach(child -> collectSecretNames(child, names));
        } else if (node.isArray()) {
            node.forEach(child -> collectSecretNames(child, names));
        }
    }

    /**
     * Availability in production: every Deployment has a PodDisruptionBudget selecting its pods, runs at least two
     * replicas (its own count, or the minimum of the autoscaler that owns it), and prefers nodes apart.
     */
    static List<String> availability(List<ObjectNode> objects) {
        List<String> problems = new ArrayList<>();
        for (ObjectNode deployment : ofKind(objects, "Deployment")) {
            Map<String, String> labels = podLabels(deployment);
            boolean budget = ofKind(objects, "PodDisruptionBudget").stream()
                    .anyMatch(p -> selects(p.path("spec").path("selector"), labels));
            if (!budget) {
                problems.add(id(deployment) + ": no PodDisruptionBudget selects its pods");
            }
            int replicas = minimumReplicas(objects, deployment);
            if (replicas < 2) {
                problems.add(id(deployment) + ": at least " + replicas + " replica(s), fewer than 2");
            }
            if (podSpec(deployment).path("affinity").path("podAntiAffinity").isMissingNode()) {
                problems.add(id(deployment) + ": no pod anti-affinity");
            }
        }
        return problems;
    }

    private static int minimumReplicas(List<ObjectNode> objects, ObjectNode deployment) {
        for (ObjectNode hpa : ofKind(objects, "HorizontalPodAutoscaler")) {
            JsonNode target = hpa.path("spec").path("scaleTargetRef");
            if (target.path("kind").asText().equals("Deployment")
                    && target.path("name").asText().equals(name(deployment))) {
                return hpa.path("spec").path("minReplicas").asInt(1);
            }
        }
        for (ObjectNode scaled : ofKind(objects, "ScaledObject")) {
            if (scaled.path("spec").path("scaleTargetRef").path("name").asText().equals(name(deployment))) {
                return scaled.path("spec").path("minReplicaCount").asInt(0);
            }
        }
        return deployment.path("spec").path("replicas").asInt(1);
    }

    /**
     * NetworkPolicies cover every pod: each Deployment's pods are selected for both Ingress and Egress (so whatever
     * no policy allows is refused), and no rule of a policy selecting them allows everything (a rule without peers
     * and without ports).
     */
    static List<String> networkPolicies(List<ObjectNode> objects) {
        List<String> problems = new ArrayList<>();
        for (ObjectNode deployment : ofKind(objects, "Deployment")) {
            Map<String, String> labels = podLabels(deployment);
            Set<String> types = new TreeSet<>();
            for (ObjectNode policy : ofKind(objects, "NetworkPolicy")) {
                if (!selects(policy.path("spec").path("podSelector"), labels)) {
                    continue;
                }
                types.addAll(texts(policy.path("spec").path("policyTypes")));
                for (String direction : List.of("ingress", "egress")) {
                    String peers = direction.equals("ingress") ? "from" : "to";
                    for (JsonNode rule : policy.path("spec").path(direction)) {
                        if (rule.path(peers).isEmpty() && rule.path("ports").isEmpty()) {
                            problems.add(id(policy) + ": an " + direction + " rule without peers or ports allows all "
                                    + direction + " of " + id(deployment));
                        }
                    }
                }
            }
            if (!types.containsAll(List.of("Ingress", "Egress"))) {
                problems.add(id(deployment) + ": its pods are selected by NetworkPolicies only for " + types);
            }
        }
        return problems;
    }

    /**
     * Kafka as the bin/ scripts set it up: one KafkaTopic per line of schemas/kafka/topics.txt with its partitions,
     * retention.ms and segment.ms; one KafkaUser per service with SCRAM-SHA-512 and exactly the ACLs of
     * schemas/kafka/acls.txt (no prefix); every topic and user in the Kafka cluster; each service logging in as its
     * own user with the password Strimzi keeps for that user.
     */
    static List<String> kafka(List<ObjectNode> objects, String topicsTxt, String aclsTxt) {
        List<String> problems = new ArrayList<>();
        List<ObjectNode> clusters = ofKind(objects, "Kafka");
        if (clusters.size() != 1) {
            return List.of(clusters.size() + " Kafka clusters, not 1");
        }
        String cluster = name(clusters.get(0));
        Map<String, String> expectedTopics = new TreeMap<>();
        for (String line : lines(topicsTxt)) {
            String[] f = line.split("\\s+");
            expectedTopics.put(f[0], f[1] + " " + f[2] + " " + f[3]);
        }
        Map<String, String> topics = new TreeMap<>();
        for (ObjectNode topic : ofKind(objects, "KafkaTopic")) {
            String topicName = topic.path("spec").path("topicName").asText(name(topic));
            JsonNode spec = topic.path("spec");
            topics.put(
                    topicName,
                    spec.path("partitions").asText() + " "
                            + spec.path("config").path("retention.ms").asText() + " "
                            + spec.path("config").path("segment.ms").asText());
        }
        if (!topics.equals(expectedTopics)) {
            problems.add("KafkaTopics (partitions retention.ms segment.ms) " + topics + " differ from topics.txt "
                    + expectedTopics);
        }
        Map<String, Set<String>> expectedAcls = new TreeMap<>();
        for (String line : lines(aclsTxt)) {
            String[] f = line.split("\\s+");
            expectedAcls
                    .computeIfAbsent(f[0], u -> new TreeSet<>())
                    .add(String.join(" ", f[1], f[2], f[3], f[4].replace("{prefix}", "")));
        }
        Map<String, Set<String>> acls = new TreeMap<>();
        for (ObjectNode user : ofKind(objects, "KafkaUser")) {
            if (!user.path("spec").path("authentication").path("type").asText().equals("scram-sha-512")) {
                problems.add(id(user) + ": authentication is not scram-sha-512");
            }
            if (!expectedAcls.containsKey(name(user))) {
                continue;
            }
            Set<String> grants = new TreeSet<>();
            for (JsonNode acl : user.path("spec").path("authorization").path("acls")) {
                JsonNode resource = acl.path("resource");
                String pattern =
                        resource.path("patternType").asText("literal").equals("prefix") ? "PREFIXED" : "LITERAL";
                if (!acl.path("type").asText("allow").equals("allow")) {
                    problems.add(id(user) + ": a deny ACL");
                }
                for (JsonNode operation : acl.path("operations")) {
                    grants.add(String.join(
                            " ",
                            operation.asText().toUpperCase(java.util.Locale.ROOT),
                            resource.path("type").asText().toUpperCase(java.util.Locale.ROOT),
                            pattern,
                            resource.path("name").asText()));
                }
            }
            acls.put(name(user), grants);
        }
        if (!acls.equals(expectedAcls)) {
            problems.add("KafkaUser ACLs " + acls + " differ from acls.txt " + expectedAcls);
        }
        for (ObjectNode object : objects) {
            if ((kind(object).equals("KafkaTopic")
                            || kind(object).equals("KafkaUser")
                            || kind(object).equals("KafkaNodePool"))
                    && !cluster.equals(object.path("metadata")
                            .path("labels")
                            .path("strimzi.io/cluster")
                            .asText())) {
                problems.add(id(object) + ": not labelled strimzi.io/cluster=" + cluster);
            }
        }
        for (ObjectNode deployment : ofKind(objects, "Deployment")) {
            Map<String, String> settings = settings(objects, deployment);
            String user = settings.get("TASKGATE_KAFKA_USERNAME");
            if (user == null || find(objects, "KafkaUser", user).isEmpty()) {
                problems.add(id(deployment) + ": logs in to Kafka as " + user + ", which is no KafkaUser");
            }
            if (!name(deployment).equals(user)) {
                problems.add(id(deployment) + ": logs in to Kafka as " + user + ", not as its own user");
            }
            JsonNode password = environment(deployment).get("TASKGATE_KAFKA_PASSWORD");
            JsonNode ref = password == null ? null : password.path("valueFrom").path("secretKeyRef");
            if (ref == null
                    || !ref.path("name").asText().equals(user)
                    || !ref.path("key").asText().equals("password")) {
                problems.add(id(deployment) + ": TASKGATE_KAFKA_PASSWORD is not key password of Secret " + user);
            }
        }
        return problems;
    }

    /**
     * PostgreSQL as docs/security.md#database-roles asks: each service with a database role connects to the Cluster's
     * read-write Service and bootstrap database as a managed role of its own — present, login, none of superuser,
     * createdb, createrole, replication, bypassrls — whose password Secret is the one the service reads, and which
     * owns its schema ({@code taskgate_jobctl} → {@code jobctl}) from the post-init SQL; no other managed role. Such a
     * service migrates its schema at start (Flyway, under its advisory lock), with a startup probe that waits for it.
     */
    static List<String> database(List<ObjectNode> objects) {
        List<ObjectNode> clusters = ofKind(objects, "Cluster");
        if (clusters.size() != 1) {
            return List.of(clusters.size() + " CloudNativePG clusters, not 1");
        }
        ObjectNode cluster = clusters.get(0);
        List<String> problems = new ArrayList<>();
        Map<String, JsonNode> roles = new TreeMap<>();
        cluster.path("spec")
                .path("managed")
                .path("roles")
                .forEach(r -> roles.put(r.path("name").asText(), r));
        JsonNode initdb = cluster.path("spec").path("bootstrap").path("initdb");
        Set<String> sql = texts(initdb.path("postInitApplicationSQL"));
        Set<String> users = new TreeSet<>();
        for (ObjectNode deployment : ofKind(objects, "Deployment")) {
            Map<String, String> settings = settings(objects, deployment);
            String user = settings.get("TASKGATE_PG_USER");
            if (user == null) {
                continue;
            }
            users.add(user);
            String where = id(deployment);
            if (!(name(cluster) + "-rw").equals(settings.get("TASKGATE_PG_HOST"))) {
                problems.add(where + ": TASKGATE_PG_HOST is " + settings.get("TASKGATE_PG_HOST") + ", not "
                        + name(cluster) + "-rw");
            }
            if (!initdb.path("database").asText().equals(settings.get("TASKGATE_PG_DATABASE"))) {
                problems.add(where + ": TASKGATE_PG_DATABASE is not the bootstrap database");
            }
            JsonNode role = roles.get(user);
            if (role == null) {
                problems.add(where + ": logs in as " + user + ", which is no managed role");
                continue;
            }
            if (!role.path("ensure").asText("present").equals("present")
                    || !role.path("login").asBoolean(false)) {
                problems.add(where + ": role " + user + " is not present with login");
            }
            for (String privilege : List.of("superuser", "createdb", "createrole", "replication", "bypassrls")) {
                if (!role.path(privilege).isBoolean() || role.path(privilege).asBoolean()) {
                    problems.add(where + ": role " + user + " does not say " + privilege + ": false");
                }
            }
            JsonNode password = environment(deployment).get("TASKGATE_PG_PASSWORD");
            JsonNode ref = password == null ? null : password.path("valueFrom").path("secretKeyRef");
            String secret = role.path("passwordSecret").path("name").asText();
            if (ref == null
                    || !ref.path("name").asText().equals(secret)
                    || !ref.path("key").asText().equals("password")) {
                problems.add(where + ": TASKGATE_PG_PASSWORD is not key password of Secret " + secret
                        + ", the role's password");
            }
            if (!"true".equals(settings.get("QUARKUS_FLYWAY_MIGRATE_AT_START"))) {
                problems.add(where + ": does not migrate its schema at start (QUARKUS_FLYWAY_MIGRATE_AT_START)");
            }
            JsonNode startup = podSpec(deployment).path("containers").path(0).path("startupProbe");
            int budget = startup.path("periodSeconds").asInt(10)
                    * startup.path("failureThreshold").asInt(3);
            if (budget < 120) {
                problems.add(where + ": the startup probe allows " + budget + " s, less than 120 s for a migration");
            }
            String schema = user.replaceFirst("^taskgate_", "");
            if (!sql.contains("create schema " + schema + " authorization " + user)) {
                problems.add(where + ": no post-init SQL gives schema " + schema + " to " + user);
            }
        }
        if (!roles.keySet().equals(users)) {
            problems.add("managed roles " + roles.keySet() + " are not the services' roles " + users);
        }
        return problems;
    }

    /**
     * The settings bin/lib/service-env.sh gives each service are all set in its Deployment, and the keys it gives a
     * service are the only Secrets that service's containers read — minus {@code localOnly}, the local stack's own.
     */
    static List<String> settings(List<ObjectNode> objects, String serviceEnvSh, Set<String> localOnly) {
        List<String> problems = new ArrayList<>();
        Map<String, Set<String>> expected = serviceEnvironment(serviceEnvSh);
        for (ObjectNode deployment : ofKind(objects, "Deployment")) {
            Set<String> wanted = expected.get(name(deployment));
            if (wanted == null) {
                problems.add(id(deployment) + ": bin/lib/service-env.sh does not know this service");
                continue;
            }
            Map<String, String> settings = settings(objects, deployment);
            for (String variable : wanted) {
                if (!localOnly.contains(variable) && !settings.containsKey(variable)) {
                    problems.add(id(deployment) + ": " + variable + " (bin/lib/service-env.sh) is not set");
                }
            }
            environment(deployment).forEach((variable, entry) -> {
                if (entry.path("valueFrom").has("secretKeyRef") && !wanted.contains(variable)) {
                    problems.add(id(deployment) + ": reads a Secret into " + variable
                            + ", which bin/lib/service-env.sh does not give this service");
                }
            });
        }
        return problems;
    }

    /** service → the variable names `service-env.sh env SERVICE` prints: the common ones and its case branch. */
    static Map<String, Set<String>> serviceEnvironment(String script) {
        Pattern echo = Pattern.compile("echo \"([A-Z][A-Z0-9_]*)=");
        Pattern branch = Pattern.compile("^\\s+([a-z][a-z-]*)\\)\\s*$");
        Map<String, Set<String>> result = new TreeMap<>();
        Set<String> common = new TreeSet<>();
        boolean inEnv = false;
        String service = null;
        for (String line : script.split("\n")) {
            if (line.startsWith("env_of()")) {
                inEnv = true;
                continue;
            }
            if (!inEnv) {
                continue;
            }
            if (line.equals("}")) {
                break;
            }
            Matcher b = branch.matcher(line);
            if (b.matches()) {
                service = b.group(1);
                result.put(service, new TreeSet<>(common));
                continue;
            }
            Matcher e = echo.matcher(line);
            if (e.find()) {
                (service == null ? common : result.get(service)).add(e.group(1));
            }
        }
        return result;
    }

    /** A Deployment's first container's environment: name → its env entry. */
    static Map<String, JsonNode> environment(JsonNode deployment) {
        Map<String, JsonNode> environment = new TreeMap<>();
        podSpec(deployment)
                .path("containers")
                .path(0)
                .path("env")
                .forEach(e -> environment.put(e.path("name").asText(), e));
        return environment;
    }

    /**
     * The names and literal values a Deployment's first container gets: ConfigMaps through envFrom, then env (a
     * value from a Secret appears as {@code <secret>}). A ConfigMap that is not rendered is reported by name.
     */
    static Map<String, String> settings(List<ObjectNode> objects, JsonNode deployment) {
        Map<String, String> settings = new TreeMap<>();
        JsonNode container = podSpec(deployment).path("containers").path(0);
        for (JsonNode source : container.path("envFrom")) {
            String configMap = source.path("configMapRef").path("name").asText();
            if (!configMap.isEmpty()) {
                find(objects, "ConfigMap", configMap)
                        .orElseThrow(() -> new AssertionError(id(deployment) + ": no ConfigMap " + configMap))
                        .path("data")
                        .properties()
                        .forEach(e -> settings.put(e.getKey(), e.getValue().asText()));
            }
        }
        environment(deployment)
                .forEach((variable, entry) -> settings.put(
                        variable, entry.has("value") ? entry.path("value").asText() : "<secret>"));
        return settings;
    }

    private static Set<String> texts(JsonNode array) {
        Set<String> result = new TreeSet<>();
        array.forEach(v -> result.add(v.asText()));
        return result;
    }

    private static List<String> lines(String text) {
        return text.lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                .toList();
    }
}
