package dev.taskgate.worker.execution;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.artifact.ArtifactIds;
import dev.taskgate.contracts.event.ArtifactSaved;
import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.contracts.work.RunOperation;
import dev.taskgate.testsupport.KafkaTestClient;
import dev.taskgate.testsupport.KafkaTestClient.TopicWatcher;
import dev.taskgate.worker.FakeJobControlArtifacts;

import static dev.taskgate.worker.WorkerTestRecords.EVENTS;
import static dev.taskgate.worker.WorkerTestRecords.awaitEvent;
import static dev.taskgate.worker.WorkerTestRecords.eventsFor;
import static dev.taskgate.worker.WorkerTestRecords.json;
import static dev.taskgate.worker.WorkerTestRecords.send;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Artifacts through real child processes (issue 6 item 5): {@code demo.report} saves through the child → parent
 * protocol, the worker publishes {@code ArtifactSaved} (id from the dispatch's workspace) ahead of {@code Finished},
 * and loads retained artifacts from job-control's internal API over HTTP.
 */
@QuarkusTest
@QuarkusTestResource(value = FakeJobControlArtifacts.class, restrictToAnnotatedClass = true)
class RunReportArtifactTest {
    private static KafkaTestClient kafka;

    @BeforeAll
    static void connect() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    @Test
    void theArtifactIsPublishedBeforeTheResultThatLinksIt() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, "acme/demo", "{\"title\":\"Graph\",\"lines\":[\"a -> b\"]}"));

            Finished finished = awaitEvent(events, Finished.class, id);

            byte[] content = "Graph\na -> b\n".getBytes(StandardCharsets.UTF_8);
            String sha = ArtifactIds.sha256Hex(content);
            String artifactId = ArtifactIds.id("acme/demo", Optional.empty(), sha, "report.txt");
            assertThat(eventsFor(events, id, Duration.ofMillis(300)))
                    .extracting(WorkerEvent::kind)
                    .containsExactly(
                            WorkerEvent.Kind.STARTED, WorkerEvent.Kind.ARTIFACT_SAVED, WorkerEvent.Kind.FINISHED);
            ArtifactSaved saved = awaitEvent(events, ArtifactSaved.class, id);
            assertThat(saved.artifactId()).isEqualTo(artifactId);
            assertThat(saved.epoch()).isEqualTo(1);
            assertThat(saved.name()).isEqualTo("report.txt");
            assertThat(saved.mediaType()).isEqualTo("text/plain; charset=utf-8");
            assertThat(saved.sha256()).isEqualTo(sha);
            assertThat(saved.size()).isEqualTo(content.length);
            assertThat(saved.key()).isNull();
            assertThat(Base64.getDecoder().decode(saved.contentBase64())).isEqualTo(content);

            JsonNode result = json(finished.result());
            String path = "/v1/orgs/acme/projects/demo/artifacts/" + artifactId;
            JsonNode link = result.path("content").get(1);
            assertThat(link.path("type").asText()).isEqualTo("resource_link");
            assertThat(link.path("uri").asText()).isEqualTo(FakeJobControlArtifacts.PUBLIC_BASE_URL + path);
            assertThat(link.path("name").asText()).isEqualTo("report.txt");
            assertThat(link.path("mimeType").asText()).isEqualTo("text/plain; charset=utf-8");
            assertThat(result.path("structuredContent")
                            .path("artifacts")
                            .get(0)
                            .path("id")
                            .asText())
                    .isEqualTo(artifactId);
            assertThat(result.path("structuredContent")
                            .path("artifacts")
                            .get(0)
                            .path("path")
                            .asText())
                    .isEqualTo(path);
            assertThat(result.path("structuredContent").has("previous_size")).isFalse();
        }
    }

    @Test
    void aKeyedReportLoadsTheRetainedOneFromJobControlAndKeepsItsIdUnderTheKey() {
        UUID id = UUID.randomUUID();
        String key = "report/" + UUID.randomUUID();
        FakeJobControlArtifacts.retain("acme/demo", key, "older report".getBytes(StandardCharsets.UTF_8));
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, "acme/demo", "{\"title\":\"New\",\"key\":\"" + key + "\"}"));

            Finished finished = awaitEvent(events, Finished.class, id);
            ArtifactSaved saved = awaitEvent(events, ArtifactSaved.class, id);

            assertThat(json(finished.result())
                            .path("structuredContent")
                            .path("previous_size")
                            .asInt())
                    .isEqualTo(12);
            assertThat(saved.key()).isEqualTo(key);
            assertThat(saved.artifactId()).isEqualTo(ArtifactIds.id("acme/demo", Optional.of(key), "ignored", "x"));
        }
    }

    @Test
    void aDispatchWithoutAWorkspaceCannotSaveAndTheRunFailsClearly() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, null, "{\"title\":\"Nowhere\"}"));

            Failed failed = awaitEvent(events, Failed.class, id);

            assertThat(failed.message()).contains("no workspace to save artifacts in");
            assertThat(eventsFor(events, id, Duration.ofMillis(300)))
                    .extracting(WorkerEvent::kind)
                    .doesNotContain(WorkerEvent.Kind.ARTIFACT_SAVED);
        }
    }

    @Test
    void anOversizedArtifactIsRefusedInTheChildAndNothingIsPublished() {
        UUID id = UUID.randomUUID();
        String line = "\"" + "x".repeat(1000) + "\"";
        String lines = String.join(",", java.util.Collections.nCopies(600, line));
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            send(kafka, run(id, "acme/demo", "{\"lines\":[" + lines + "]}"));

            Failed failed = awaitEvent(events, Failed.class, id);

            assertThat(failed.message()).contains("an artifact holds at most 524288 bytes");
            assertThat(eventsFor(events, id, Duration.ofMillis(300)))
                    .extracting(WorkerEvent::kind)
                    .doesNotContain(WorkerEvent.Kind.ARTIFACT_SAVED);
        }
    }

    @Test
    void aKeyOutsideTheArtifactRulesIsRefusedAtDispatch() {
        UUID id = UUID.randomUUID();
        try (TopicWatcher events = kafka.watch(EVENTS)) {
            // the catalog pattern is ArtifactRules' key rule, so the run never starts
            send(kafka, run(id, "acme/demo", "{\"key\":\"has space\"}"));

            Failed failed = awaitEvent(events, Failed.class, id);

            assertThat(failed.message()).contains("input does not match the schema of demo.report");
        }
    }

    private static RunOperation run(UUID id, String workspace, String input) {
        return new RunOperation(
                UUID.randomUUID(),
                Instant.now(),
                id,
                1,
                1,
                "demo.report",
                "1",
                json(input),
                Instant.now().plus(Duration.ofHours(1)),
                null,
                null,
                workspace);
    }
}
