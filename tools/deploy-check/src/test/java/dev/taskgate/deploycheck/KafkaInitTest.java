package dev.taskgate.deploycheck;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

class KafkaInitTest {
    private static final String SCRIPT = Repo.read("deploy/compose/kafka-init.sh");
    private static final String TOPICS = Repo.read("schemas/kafka/topics.txt");
    private static final String ACLS = Repo.read("schemas/kafka/acls.txt");
    private static final List<String> USERS = kafkaShUsers();

    /** KAFKA_SERVICE_USERS of bin/lib/kafka.sh: the users the local stack's broker gets. */
    private static List<String> kafkaShUsers() {
        Matcher m = Pattern.compile("KAFKA_SERVICE_USERS=\\(([^)]*)\\)").matcher(Repo.read("bin/lib/kafka.sh"));
        assertThat(m.find()).as("KAFKA_SERVICE_USERS in bin/lib/kafka.sh").isTrue();
        return List.of(m.group(1).strip().split("\\s+"));
    }

    @Test
    void theInitJobCreatesTheTopicsUsersAndGrantsOfTheLocalStack() {
        for (String prefix : List.of("", "tg.")) {
            List<String> calls = KafkaInit.calls(SCRIPT, prefix, USERS);

            assertThat(calls)
                    .as("prefix '%s'", prefix)
                    .containsExactlyInAnyOrderElementsOf(KafkaInit.expected(TOPICS, ACLS, prefix, USERS));
        }
        // 13 topics x 3 calls, 4 users, 32 grants
        assertThat(KafkaInit.calls(SCRIPT, "", USERS)).hasSize(13 * 3 + 4 + 32);
    }

    @Test
    void aScriptThatGrantsGroupsAsTopicsOrSkipsThePasswordsIsFound() {
        String groupsAsTopics = SCRIPT.replace("GROUP) resource=--group ;;", "GROUP) resource=--topic ;;");
        String noPasswords = SCRIPT.replace("for file in \"$users\"/kafka-*.password; do", "for file in; do");

        assertThat(KafkaInit.calls(groupsAsTopics, "", USERS))
                .isNotEqualTo(KafkaInit.expected(TOPICS, ACLS, "", USERS))
                .anyMatch(c -> c.endsWith("\t--topic\tjob-control"));
        assertThat(KafkaInit.calls(noPasswords, "", USERS))
                .noneMatch(c -> c.contains("SCRAM-SHA-512"))
                .hasSize(KafkaInit.expected(TOPICS, ACLS, "", USERS).size() - USERS.size());
    }

    @Test
    void composeGivesTheInitJobTheFilesKafkaSetupReadsAndEveryServiceItsOwnUser() {
        Map<String, JsonNode> services = Compose.services(Repo.compose());
        JsonNode init = services.get("kafka-init");
        Map<String, String> env = Compose.environment(init);

        assertThat(Repo.read("bin/lib/kafka.sh"))
                .contains(
                        "KafkaSetup \\\n    \"$bootstrap\" \"$REPO/schemas/kafka/topics.txt\" \"$REPO/schemas/kafka/acls.txt\"");
        assertThat(Compose.strings(init.path("volumes"))).contains("./schemas/kafka:/taskgate/schemas/kafka:ro");
        assertThat(env)
                .containsEntry("TASKGATE_TOPICS_FILE", "/taskgate/schemas/kafka/topics.txt")
                .containsEntry("TASKGATE_ACLS_FILE", "/taskgate/schemas/kafka/acls.txt")
                .containsEntry("TASKGATE_TOPIC_PREFIX", "${TASKGATE_TOPIC_PREFIX:-}");
        assertThat(Compose.strings(init.path("entrypoint"))).contains("/taskgate/deploy/compose/kafka-init.sh");
        assertThat(Repo.read("bin/compose-keys")).contains("for service in " + String.join(" ", USERS) + "; do");
        for (String service : Repo.SERVICES) {
            Map<String, String> own = Compose.environment(services.get(service));
            assertThat(own).as(service).containsEntry("TASKGATE_KAFKA_USERNAME", service);
            assertThat(own.get("TASKGATE_TOPIC_PREFIX")).as(service).isEqualTo(env.get("TASKGATE_TOPIC_PREFIX"));
        }
        assertThat(USERS).containsExactlyInAnyOrderElementsOf(Repo.SERVICES);
    }
}
