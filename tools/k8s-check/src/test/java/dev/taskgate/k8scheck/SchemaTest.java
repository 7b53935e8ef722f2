package dev.taskgate.k8scheck;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every rendered object is valid against its pinned schema (Kubernetes 1.30, Strimzi 1.2, CloudNativePG 1.30,
 * KEDA 2.20), and the validation does refuse broken objects of each origin.
 */
class SchemaTest {
    static final List<String> OVERLAYS = Manifests.OVERLAYS;

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void everyObjectMatchesItsSchema(String overlay) {
        assertThat(Checks.schemas(Manifests.render(overlay))).isEmpty();
    }

    @Test
    void aMisspelledDeploymentFieldIsRefused() {
        ObjectNode deployment = deployment("job-control");
        ((ObjectNode) deployment.path("spec")).put("replica", 2);

        assertThat(SchemaCatalog.problems(deployment))
                .singleElement()
                .asString()
                .contains("replica");
    }

    @Test
    void aMisspelledContainerFieldIsRefused() {
        ObjectNode deployment = deployment("worker-pool");
        ObjectNode container =
                (ObjectNode) Manifests.podSpec(deployment).path("containers").path(0);
        container.set("readinesProbe", container.remove("readinessProbe"));

        assertThat(SchemaCatalog.problems(deployment))
                .singleElement()
                .asString()
                .contains("readinesProbe");
    }

    @Test
    void aValueOfTheWrongTypeIsRefused() {
        ObjectNode pdb = Manifests.get(Manifests.render("prod"), "PodDisruptionBudget", "job-control");
        ((ObjectNode) pdb.path("spec")).put("maxUnavailable", true);

        assertThat(SchemaCatalog.problems(pdb)).isNotEmpty();
    }

    @Test
    void anUnknownFieldOfAStrimziResourceIsRefused() {
        ObjectNode kafka = Manifests.get(Manifests.render("prod"), "Kafka", "taskgate");
        ((ObjectNode) kafka.path("spec").path("kafka")).put("listner", "scram");

        assertThat(SchemaCatalog.problems(kafka)).singleElement().asString().contains("listner");
    }

    @Test
    void anUnknownAclOperationIsRefused() {
        ObjectNode user = Manifests.get(Manifests.render("prod"), "KafkaUser", "worker-pool");
        ((ArrayNode) user.path("spec")
                        .path("authorization")
                        .path("acls")
                        .path(0)
                        .path("operations"))
                .add("Reed");

        assertThat(SchemaCatalog.problems(user))
                .singleElement()
                .asString()
                .contains("acls[0].operations[1]", "enumeration");
    }

    @Test
    void aCloudNativePgRoleWithoutNameIsRefused() {
        ObjectNode cluster = Manifests.get(Manifests.render("prod"), "Cluster", "taskgate-db");
        ((ObjectNode) cluster.path("spec").path("managed").path("roles").path(1)).remove("name");

        assertThat(SchemaCatalog.problems(cluster)).singleElement().asString().contains("name");
    }

    @Test
    void aScaledObjectWithoutTriggersIsRefused() {
        ObjectNode scaled = Manifests.get(Manifests.render("prod-keda"), "ScaledObject", "worker-pool");
        ((ObjectNode) scaled.path("spec")).remove("triggers");

        assertThat(SchemaCatalog.problems(scaled)).singleElement().asString().contains("triggers");
    }

    @Test
    void aKindWithoutVendoredSchemaIsRefused() {
        ObjectNode ingress = Manifests.YAML.createObjectNode();
        ingress.put("apiVersion", "networking.k8s.io/v1").put("kind", "Ingress");
        ingress.putObject("metadata").put("name", "taskgate");

        assertThat(Checks.schemas(List.of(ingress)))
                .containsExactly("Ingress/taskgate: no vendored schema for networking.k8s.io/v1/Ingress");
    }

    private static ObjectNode deployment(String name) {
        return Manifests.get(Manifests.render("prod"), "Deployment", name);
    }
}
