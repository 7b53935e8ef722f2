package dev.taskgate.k8scheck;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The CloudNativePG Cluster gives job-control and webhook-dispatcher each an unprivileged role of its own that owns
 * its schema, with the password the service reads.
 */
class DatabaseTest {
    static final List<String> OVERLAYS = Manifests.OVERLAYS;

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void eachServiceHasItsOwnRole(String overlay) {
        assertThat(Checks.database(Manifests.render(overlay))).isEmpty();
    }

    @Test
    void aPrivilegedRoleOrAnotherServicesPasswordIsRefused() {
        List<ObjectNode> objects = Manifests.render("prod");
        ObjectNode cluster = Manifests.get(objects, "Cluster", "taskgate-db");
        ((ObjectNode) cluster.path("spec").path("managed").path("roles").path(1)).put("createrole", true);
        ((ObjectNode) Manifests.podSpec(Manifests.get(objects, "Deployment", "job-control"))
                        .path("containers")
                        .path(0)
                        .path("env")
                        .path(1)
                        .path("valueFrom")
                        .path("secretKeyRef"))
                .put("name", "taskgate-pg-webhooks");

        assertThat(Checks.database(objects))
                .containsExactlyInAnyOrder(
                        "Deployment/webhook-dispatcher: role taskgate_webhooks does not say createrole: false",
                        "Deployment/job-control: TASKGATE_PG_PASSWORD is not key password of Secret"
                                + " taskgate-pg-jobctl, the role's password");
    }

    @Test
    void aSchemaNotGivenToItsRoleIsRefused() {
        List<ObjectNode> objects = Manifests.render("dev");
        ArrayNode sql = (ArrayNode) Manifests.get(objects, "Cluster", "taskgate-db")
                .path("spec")
                .path("bootstrap")
                .path("initdb")
                .path("postInitApplicationSQL");
        for (int i = 0; i < sql.size(); i++) {
            if (sql.get(i).asText().startsWith("create schema jobctl")) {
                sql.set(i, sql.textNode("create schema jobctl"));
            }
        }

        assertThat(Checks.database(objects))
                .containsExactly("Deployment/job-control: no post-init SQL gives schema jobctl to taskgate_jobctl");
    }

    @Test
    void aServiceThatDoesNotMigrateAtStartIsRefused() {
        List<ObjectNode> objects = Manifests.render("prod");
        ((ObjectNode) Manifests.get(objects, "ConfigMap", "webhook-dispatcher-config")
                        .path("data"))
                .remove("QUARKUS_FLYWAY_MIGRATE_AT_START");
        ((ObjectNode) Manifests.podSpec(Manifests.get(objects, "Deployment", "webhook-dispatcher"))
                        .path("containers")
                        .path(0)
                        .path("startupProbe"))
                .put("failureThreshold", 6);

        assertThat(Checks.database(objects))
                .containsExactlyInAnyOrder(
                        "Deployment/webhook-dispatcher: does not migrate its schema at start"
                                + " (QUARKUS_FLYWAY_MIGRATE_AT_START)",
                        "Deployment/webhook-dispatcher: the startup probe allows 30 s, less than 120 s for a migration");
    }
}
