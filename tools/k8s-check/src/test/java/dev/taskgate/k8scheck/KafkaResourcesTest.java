package dev.taskgate.k8scheck;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Strimzi resources mirror what bin/lib/kafka.sh sets up: the topics of schemas/kafka/topics.txt, one SCRAM user
 * per service with exactly the ACLs of schemas/kafka/acls.txt, and each service logging in as its own user.
 */
class KafkaResourcesTest {
    static final List<String> OVERLAYS = Manifests.OVERLAYS;

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void topicsAndUsersMirrorTheScripts(String overlay) {
        assertThat(Checks.kafka(Manifests.render(overlay), Fixtures.topics(), Fixtures.acls()))
                .isEmpty();
    }

    @Test
    void aTopicWithOtherPartitionsIsRefused() {
        List<ObjectNode> objects = Manifests.render("prod");
        ((ObjectNode) Manifests.get(objects, "KafkaTopic", "taskgate.work.v1").path("spec")).put("partitions", 12);

        assertThat(Checks.kafka(objects, Fixtures.topics(), Fixtures.acls()))
                .singleElement()
                .asString()
                .contains("taskgate.work.v1=12 604800000 86400000");
    }

    @Test
    void aWiderGrantIsRefused() {
        List<ObjectNode> objects = Manifests.render("prod");
        ArrayNode acls = (ArrayNode) Manifests.get(objects, "KafkaUser", "worker-pool")
                .path("spec")
                .path("authorization")
                .path("acls");
        ((ArrayNode) acls.path(0).path("operations")).add("Write");

        assertThat(Checks.kafka(objects, Fixtures.topics(), Fixtures.acls()))
                .singleElement()
                .asString()
                .contains("WRITE TOPIC LITERAL taskgate.work.v1");
    }

    @Test
    void aServiceUsingAnotherUsersCredentialsIsRefused() {
        List<ObjectNode> objects = Manifests.render("prod");
        ((ObjectNode) Manifests.get(objects, "ConfigMap", "worker-pool-config").path("data"))
                .put("TASKGATE_KAFKA_USERNAME", "job-control");

        assertThat(Checks.kafka(objects, Fixtures.topics(), Fixtures.acls()))
                .containsExactlyInAnyOrder(
                        "Deployment/worker-pool: logs in to Kafka as job-control, not as its own user",
                        "Deployment/worker-pool: TASKGATE_KAFKA_PASSWORD is not key password of Secret job-control");
    }
}
