package dev.taskgate.deploycheck;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PublishedPortsTest {

    @Test
    void onlyTheTwoPublicApisArePublishedOnLoopback() {
        assertThat(ComposeChecks.ports(Repo.compose())).isEmpty();
    }

    @Test
    void anotherPublishedPortOrAnyAddressIsFound() {
        String jobControlPublished = Repo.read("docker-compose.yml")
                .replace(
                        "  job-control:\n    image:",
                        "  job-control:\n    ports:\n      - \"127.0.0.1:8081:8081\"\n    image:");
        String everywhere = Repo.read("docker-compose.yml")
                .replace("\"127.0.0.1:${TASKGATE_WEBHOOKS_PORT:-8083}:8083\"", "\"8083:8083\"");
        String kafkaOnTheHost = Repo.read("docker-compose.yml")
                .replace(
                        "  kafka:\n    image: apache/kafka:",
                        "  kafka:\n    network_mode: host\n    image: apache/kafka:");

        assertThat(ComposeChecks.ports(Repo.yaml(jobControlPublished)))
                .singleElement()
                .asString()
                .startsWith("job-control publishes [127.0.0.1:8081:8081]");
        assertThat(ComposeChecks.ports(Repo.yaml(everywhere)))
                .containsExactly("webhook-dispatcher publishes 8083:8083, expected 127.0.0.1:<host port>:8083");
        assertThat(ComposeChecks.ports(Repo.yaml(kafkaOnTheHost))).containsExactly("kafka uses the host's network");
    }
}
