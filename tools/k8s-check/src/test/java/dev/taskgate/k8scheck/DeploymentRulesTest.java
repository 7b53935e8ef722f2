package dev.taskgate.k8scheck;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The services' pods in every overlay: hardened containers probed on their management interface, the four images,
 * only documented Secrets, NetworkPolicies around every pod, and the settings bin/lib/service-env.sh gives each
 * service; and each rule refuses a variant broken on purpose.
 */
class DeploymentRulesTest {
    static final List<String> OVERLAYS = Manifests.OVERLAYS;

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void everyOverlayKeepsTheRules(String overlay) {
        List<ObjectNode> objects = Manifests.render(overlay);

        assertThat(Checks.containers(objects)).as("containers").isEmpty();
        assertThat(Checks.images(objects)).as("images").isEmpty();
        assertThat(Checks.secrets(objects, Fixtures.documentedSecrets()))
                .as("secrets")
                .isEmpty();
        assertThat(Checks.networkPolicies(objects)).as("network policies").isEmpty();
        assertThat(Checks.settings(objects, Fixtures.serviceEnv(), Fixtures.LOCAL_ONLY))
                .as("settings")
                .isEmpty();
    }

    @Test
    void everyDocumentedSecretIsUsedByAnOverlay() {
        List<String> referenced = new ArrayList<>();
        Manifests.OVERLAYS.forEach(o ->
                referenced.addAll(Checks.secretReferences(Manifests.render(o)).keySet()));

        assertThat(Fixtures.documentedSecrets())
                .isNotEmpty()
                .allSatisfy(s -> assertThat(referenced).contains(s));
    }

    @Test
    void aWritableRootFilesystemIsRefused() {
        List<ObjectNode> objects = Manifests.render("dev");
        security(objects, "webhook-dispatcher").put("readOnlyRootFilesystem", false);

        assertThat(Checks.containers(objects))
                .containsExactly("Deployment/webhook-dispatcher container webhook-dispatcher: readOnlyRootFilesystem"
                        + " is not true");
    }

    @Test
    void privilegeEscalationAndCapabilitiesAreRefused() {
        List<ObjectNode> objects = Manifests.render("prod");
        ObjectNode security = security(objects, "worker-pool");
        security.remove("allowPrivilegeEscalation");
        security.putObject("capabilities").putArray("add").add("SYS_ADMIN");

        assertThat(Checks.containers(objects))
                .containsExactlyInAnyOrder(
                        "Deployment/worker-pool container worker-pool: allowPrivilegeEscalation is not false",
                        "Deployment/worker-pool container worker-pool: capabilities do not drop ALL",
                        "Deployment/worker-pool container worker-pool: adds capabilities");
    }

    @Test
    void aRootOrUnconfinedPodIsRefused() {
        List<ObjectNode> objects = Manifests.render("prod");
        ObjectNode pod = (ObjectNode) Manifests.podSpec(Manifests.get(objects, "Deployment", "job-control"));
        ((ObjectNode) pod.path("securityContext")).put("runAsNonRoot", false);
        ((ObjectNode) pod.path("securityContext")).putObject("seccompProfile").put("type", "Unconfined");
        security(objects, "job-control").remove(List.of("runAsNonRoot", "seccompProfile"));

        assertThat(Checks.containers(objects))
                .containsExactlyInAnyOrder(
                        "Deployment/job-control container job-control: runAsNonRoot is not true",
                        "Deployment/job-control container job-control: seccompProfile is not RuntimeDefault");
    }

    @Test
    void aMissingOrMisdirectedProbeIsRefused() {
        List<ObjectNode> objects = Manifests.render("dev");
        ObjectNode container = container(objects, "mcp-frontend");
        container.remove("startupProbe");
        ((ObjectNode) container.path("readinessProbe").path("httpGet")).put("path", "/q/health/live");
        ((ObjectNode) container.path("livenessProbe").path("httpGet")).put("port", "http");

        assertThat(Checks.containers(objects))
                .containsExactlyInAnyOrder(
                        "Deployment/mcp-frontend container mcp-frontend: no startupProbe with httpGet",
                        "Deployment/mcp-frontend container mcp-frontend: readinessProbe asks /q/health/live, not"
                                + " /q/health/ready",
                        "Deployment/mcp-frontend container mcp-frontend: livenessProbe is not on the management"
                                + " interface (port http)");
    }

    @Test
    void aManagementInterfaceOnLoopbackIsRefused() {
        List<ObjectNode> objects = Manifests.render("dev");
        ((ObjectNode) Manifests.get(objects, "ConfigMap", "job-control-config").path("data"))
                .put("QUARKUS_MANAGEMENT_HOST", "127.0.0.1")
                .put("QUARKUS_MANAGEMENT_PORT", "9999");

        assertThat(Checks.containers(objects))
                .containsExactlyInAnyOrder(
                        "Deployment/job-control container job-control: port management is 9081 but"
                                + " QUARKUS_MANAGEMENT_PORT is 9999",
                        "Deployment/job-control container job-control: the management interface binds 127.0.0.1,"
                                + " which a kubelet cannot reach");
    }

    @Test
    void aForeignOrSwappedImageIsRefused() {
        List<ObjectNode> objects = Manifests.render("prod");
        container(objects, "mcp-frontend").put("image", "nginx:1.27");
        container(objects, "worker-pool").put("image", "taskgate/job-control:0.1.0");
        container(objects, "job-control").put("image", "taskgate/job-control:latest");

        assertThat(Checks.images(objects))
                .containsExactlyInAnyOrder(
                        "Deployment/mcp-frontend: image nginx:1.27 is not taskgate/<service>:<tag>",
                        "Deployment/worker-pool: runs image taskgate/job-control:0.1.0, not taskgate/worker-pool",
                        "Deployment/job-control: image tag latest");
    }

    @Test
    void anUndocumentedOrCommittedSecretIsRefused() {
        List<ObjectNode> objects = new ArrayList<>(Manifests.render("prod"));
        ((ObjectNode) container(objects, "webhook-dispatcher")
                        .path("env")
                        .path(2)
                        .path("valueFrom")
                        .path("secretKeyRef"))
                .put("name", "handle-key");
        ObjectNode secret = Manifests.YAML.createObjectNode();
        secret.put("apiVersion", "v1")
                .put("kind", "Secret")
                .putObject("metadata")
                .put("name", "taskgate-handle-key");
        objects.add(secret);

        assertThat(Checks.secrets(objects, Fixtures.documentedSecrets()))
                .containsExactlyInAnyOrder(
                        "Secret/taskgate-handle-key: a Secret in the manifests (secrets are created in the cluster)",
                        "Deployment/webhook-dispatcher: refers to Secret handle-key, which docs/kubernetes.md does"
                                + " not list");
    }

    @Test
    void aKeyInAConfigMapIsRefused() {
        List<ObjectNode> objects = Manifests.render("dev");
        ((ObjectNode) Manifests.get(objects, "ConfigMap", "worker-pool-config").path("data"))
                .put("TASKGATE_CHECKPOINT_KEY", "c2VjcmV0");

        assertThat(Checks.secrets(objects, Fixtures.documentedSecrets()))
                .containsExactly("ConfigMap/worker-pool-config: TASKGATE_CHECKPOINT_KEY looks like a secret; it belongs"
                        + " in a Secret");
    }

    @Test
    void aPodWithoutNetworkPolicyIsRefused() {
        List<ObjectNode> objects = new ArrayList<>(Manifests.render("prod"));
        ObjectNode stray = Manifests.get(objects, "Deployment", "worker-pool").deepCopy();
        ((ObjectNode) stray.path("metadata")).put("name", "stray");
        ((ObjectNode) stray.path("spec").path("template").path("metadata").path("labels"))
                .put("app.kubernetes.io/part-of", "something-else")
                .put("app.kubernetes.io/name", "stray");
        objects.add(stray);

        assertThat(Checks.networkPolicies(objects))
                .containsExactly("Deployment/stray: its pods are selected by NetworkPolicies only for []");
    }

    @Test
    void anAllowAllRuleIsRefused() {
        List<ObjectNode> objects = Manifests.render("prod");
        ((ArrayNode) Manifests.get(objects, "NetworkPolicy", "worker-pool")
                        .path("spec")
                        .path("egress"))
                .addObject();

        assertThat(Checks.networkPolicies(objects))
                .containsExactly("NetworkPolicy/worker-pool: an egress rule without peers or ports allows all egress"
                        + " of Deployment/worker-pool");
    }

    @Test
    void aMissingSettingOrAnExtraKeyIsRefused() {
        List<ObjectNode> objects = Manifests.render("prod");
        ArrayNode env = (ArrayNode) container(objects, "job-control").path("env");
        for (int i = 0; i < env.size(); i++) {
            if (env.get(i).path("name").asText().equals("TASKGATE_HANDLES_KEY")) {
                env.remove(i);
                break;
            }
        }
        ObjectNode extra = env.addObject().put("name", "TASKGATE_WEBHOOKS_SECRET_KEY");
        extra.putObject("valueFrom")
                .putObject("secretKeyRef")
                .put("name", "taskgate-webhook-secret-key")
                .put("key", "key");

        assertThat(Checks.settings(objects, Fixtures.serviceEnv(), Fixtures.LOCAL_ONLY))
                .containsExactlyInAnyOrder(
                        "Deployment/job-control: TASKGATE_HANDLES_KEY (bin/lib/service-env.sh) is not set",
                        "Deployment/job-control: reads a Secret into TASKGATE_WEBHOOKS_SECRET_KEY, which"
                                + " bin/lib/service-env.sh does not give this service");
    }

    @Test
    void serviceEnvIsReadPerService() {
        var environment = Checks.serviceEnvironment(Fixtures.serviceEnv());

        assertThat(environment).containsOnlyKeys(Manifests.SERVICES);
        assertThat(environment.get("webhook-dispatcher"))
                .contains("TASKGATE_KAFKA_PASSWORD", "TASKGATE_WEBHOOKS_SECRET_KEY", "MP_JWT_VERIFY_PUBLICKEY_LOCATION")
                .doesNotContain("TASKGATE_PAYLOAD_KEYS");
        assertThat(environment.get("job-control"))
                .contains("JOBCTL_INTERNAL_AUTH_TRUSTED_KEYS", "TASKGATE_PG_PASSWORD");
    }

    private static ObjectNode container(List<ObjectNode> objects, String deployment) {
        return (ObjectNode) Manifests.podSpec(Manifests.get(objects, "Deployment", deployment))
                .path("containers")
                .path(0);
    }

    private static ObjectNode security(List<ObjectNode> objects, String deployment) {
        return (ObjectNode) container(objects, deployment).path("securityContext");
    }
}
