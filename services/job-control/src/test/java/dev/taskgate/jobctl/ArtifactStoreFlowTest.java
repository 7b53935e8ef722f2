package dev.taskgate.jobctl;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.artifact.ArtifactContent;
import dev.taskgate.contracts.artifact.ArtifactIds;
import dev.taskgate.contracts.event.ArtifactSaved;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.jobctl.artifact.ArtifactSweeper;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static dev.taskgate.jobctl.JobControlFixture.awaitStatus;
import static dev.taskgate.jobctl.JobControlFixture.count;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.started;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Artifacts inside job-control (issue 6 item 5): {@code ArtifactSaved} is stored sealed for the current epoch of a
 * running execution only, in the execution's own workspace, idempotently (latest wins per key), read back through the
 * internal API by id and by key, and removed after its retention.
 */
@QuarkusTest
@TestProfile(SweeperTestProfile.class)
class ArtifactStoreFlowTest {

    private static JobControlFixture fixture;

    @Inject
    Pool pool;

    @Inject
    AdjustableClock clock;

    @Inject
    ArtifactSweeper sweeper;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @Test
    void storesTheArtifactSealedInTheExecutionsWorkspaceReadableByIdAndKey() {
        Caller caller = newCaller();
        UUID id = running(caller);
        String key = "report/" + UUID.randomUUID();
        ArtifactSaved saved = artifact(caller, id, 1, Optional.of(key), "report.txt", "nodes: 3");

        fixture.report(saved);

        ArtifactContent byKey = awaitByKey(caller.workspace(), key);
        assertThat(new String(byKey.content(), StandardCharsets.UTF_8)).isEqualTo("nodes: 3");
        assertThat(byKey.artifact().id()).isEqualTo(saved.artifactId());
        assertThat(byKey.artifact().workspace()).isEqualTo(caller.workspace());
        assertThat(byKey.artifact().name()).isEqualTo("report.txt");
        assertThat(byKey.artifact().mediaType()).isEqualTo("text/plain; charset=utf-8");
        assertThat(byKey.artifact().sha256()).isEqualTo(saved.sha256());
        assertThat(byKey.artifact().size()).isEqualTo(8);
        assertThat(byKey.artifact().path()).isEqualTo("/v1/orgs/org-1/projects/proj-1/artifacts/" + saved.artifactId());
        assertThat(byKey.artifact().expiresAt()).isAfter(clock.instant().plus(Duration.ofMinutes(50)));
        ArtifactContent byId = content(
                get(
                        caller.workspace(),
                        "/internal/v1/artifacts/{id}?workspace={ws}",
                        saved.artifactId(),
                        caller.workspace()),
                200);
        assertThat(byId).isEqualTo(byKey);
        // sealed at rest: the plaintext is not in the row
        assertThat(count(
                        pool,
                        "select count(*) from jobctl.artifact where id = $1 and position($2 in content) = 0",
                        saved.artifactId(),
                        "nodes: 3".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo(1);
        assertThat(count(
                        pool,
                        "select count(*) from jobctl.artifact where id = $1 and created_by_execution = $2",
                        saved.artifactId(),
                        id))
                .isEqualTo(1);
    }

    @Test
    void anotherWorkspaceUnknownAndMalformedRequestsAreTheSameNotFound() {
        Caller caller = newCaller();
        UUID id = running(caller);
        String key = "k/" + UUID.randomUUID();
        ArtifactSaved saved = artifact(caller, id, 1, Optional.of(key), "a.txt", "secret");
        fixture.report(saved);
        awaitByKey(caller.workspace(), key);

        String other = "org-2/proj-1";
        Response otherById = get(other, "/internal/v1/artifacts/{id}?workspace={ws}", saved.artifactId(), other);
        Response otherByKey = get(other, "/internal/v1/artifacts/by-key?workspace={ws}&key={key}", other, key);
        Response unknown = get(
                caller.workspace(),
                "/internal/v1/artifacts/{id}?workspace={ws}",
                "0123456789abcdef0123456789abcdef",
                caller.workspace());
        Response malformedId =
                get(caller.workspace(), "/internal/v1/artifacts/{id}?workspace={ws}", "../etc", caller.workspace());
        Response noWorkspace = get(caller.workspace(), "/internal/v1/artifacts/{id}", saved.artifactId());
        Response badKey = get(
                caller.workspace(),
                "/internal/v1/artifacts/by-key?workspace={ws}&key={key}",
                caller.workspace(),
                "a b");
        for (Response r : new Response[] {otherById, otherByKey, unknown, malformedId, noWorkspace, badKey}) {
            assertThat(r.statusCode()).isEqualTo(404);
            assertThat(r.contentType()).startsWith("application/problem+json");
            assertThat(r.jsonPath().getString("type"))
                    .isEqualTo(otherById.jsonPath().getString("type"));
            assertThat(r.jsonPath().getString("detail"))
                    .isEqualTo(otherById.jsonPath().getString("detail"));
        }
    }

    @Test
    void onlyTheCurrentEpochOfARunningExecutionStores() {
        Caller caller = newCaller();
        UUID id = running(caller);
        ArtifactSaved futureEpoch = artifact(caller, id, 2, Optional.of("e/" + UUID.randomUUID()), "x.txt", "x");
        ArtifactSaved current = artifact(caller, id, 1, Optional.of("e/" + UUID.randomUUID()), "y.txt", "y");

        fixture.report(futureEpoch);
        fixture.report(current);
        awaitByKey(caller.workspace(), current.key()); // same partition: the earlier one was handled first
        assertThat(rows(futureEpoch.artifactId())).isZero();

        fixture.report(new Finished(UUID.randomUUID(), Instant.now(), id, 1, "worker-test", "{\"content\":[]}"));
        awaitStatus(caller, id, ExecutionStatus.COMPLETED);
        ArtifactSaved afterEnd = artifact(caller, id, 1, Optional.of("e/" + UUID.randomUUID()), "z.txt", "z");
        fixture.report(afterEnd);
        UUID marker = running(caller);
        ArtifactSaved markerSaved = artifact(caller, marker, 1, Optional.of("e/" + UUID.randomUUID()), "m.txt", "m");
        fixture.report(markerSaved);
        awaitByKey(caller.workspace(), markerSaved.key());
        await().during(Duration.ofMillis(500)).atMost(WAIT).until(() -> rows(afterEnd.artifactId()) == 0);
    }

    @Test
    void aRedeliveryChangesNothingAndALaterSaveUnderTheKeyReplacesTheContent() {
        Caller caller = newCaller();
        UUID id = running(caller);
        String key = "graph/" + UUID.randomUUID();
        ArtifactSaved first = artifact(caller, id, 1, Optional.of(key), "g.svg", "<svg>1</svg>");
        fixture.report(first);
        fixture.report(first);
        ArtifactContent stored = awaitByKey(caller.workspace(), key);
        assertThat(rows(first.artifactId())).isEqualTo(1);

        ArtifactSaved second = artifact(caller, id, 1, Optional.of(key), "g.svg", "<svg>2</svg>");
        assertThat(second.artifactId()).isEqualTo(first.artifactId());
        fixture.report(second);
        ArtifactContent replaced = await().atMost(WAIT)
                .until(
                        () -> content(
                                get(
                                        caller.workspace(),
                                        "/internal/v1/artifacts/by-key?workspace={ws}&key={key}",
                                        caller.workspace(),
                                        key),
                                200),
                        c -> c.artifact().sha256().equals(second.sha256()));
        assertThat(new String(replaced.content(), StandardCharsets.UTF_8)).isEqualTo("<svg>2</svg>");
        assertThat(replaced.artifact().createdAt()).isEqualTo(stored.artifact().createdAt());
        assertThat(rows(first.artifactId())).isEqualTo(1);
    }

    @Test
    void anEventWhoseIdDoesNotBelongToTheExecutionsWorkspaceIsDropped() {
        Caller caller = newCaller();
        UUID id = running(caller);
        byte[] content = "forged".getBytes(StandardCharsets.UTF_8);
        String sha = ArtifactIds.sha256Hex(content);
        String key = "f/" + UUID.randomUUID();
        String foreignId = ArtifactIds.id("org-2/proj-1", Optional.of(key), sha, "f.txt");
        fixture.report(new ArtifactSaved(
                UUID.randomUUID(),
                Instant.now(),
                id,
                1,
                "worker-test",
                foreignId,
                "f.txt",
                "text/plain",
                sha,
                content.length,
                key,
                Base64.getEncoder().encodeToString(content)));
        ArtifactSaved wrongHash = new ArtifactSaved(
                UUID.randomUUID(),
                Instant.now(),
                id,
                1,
                "worker-test",
                ArtifactIds.id(caller.workspace(), Optional.empty(), "0".repeat(64), "h.txt"),
                "h.txt",
                "text/plain",
                "0".repeat(64),
                content.length,
                null,
                Base64.getEncoder().encodeToString(content));
        fixture.report(wrongHash);
        ArtifactSaved marker = artifact(caller, id, 1, Optional.of("f/" + UUID.randomUUID()), "ok.txt", "ok");
        fixture.report(marker);

        awaitByKey(caller.workspace(), marker.key());
        assertThat(rows(foreignId)).isZero();
        assertThat(rows(wrongHash.artifactId())).isZero();
    }

    @Test
    void anArtifactPastItsRetentionReadsAsNotFoundAndIsSwept() {
        Caller caller = newCaller();
        UUID id = running(caller);
        String key = "old/" + UUID.randomUUID();
        ArtifactSaved saved = artifact(caller, id, 1, Optional.of(key), "old.txt", "old");
        fixture.report(saved);
        awaitByKey(caller.workspace(), key);

        clock.advance(Duration.ofHours(2));

        assertThat(get(
                                caller.workspace(),
                                "/internal/v1/artifacts/by-key?workspace={ws}&key={key}",
                                caller.workspace(),
                                key)
                        .statusCode())
                .isEqualTo(404);
        await().atMost(WAIT).until(() -> rows(saved.artifactId()) == 0);
    }

    private UUID running(Caller caller) {
        UUID id = fixture.submitNew(caller).executionId();
        fixture.report(started(id, 1));
        awaitStatus(caller, id, ExecutionStatus.WORKING);
        return id;
    }

    private static ArtifactSaved artifact(
            Caller caller, UUID executionId, long epoch, Optional<String> key, String name, String text) {
        byte[] content = text.getBytes(StandardCharsets.UTF_8);
        String sha = ArtifactIds.sha256Hex(content);
        return new ArtifactSaved(
                UUID.randomUUID(),
                Instant.now(),
                executionId,
                epoch,
                "worker-test",
                ArtifactIds.id(caller.workspace(), key, sha, name),
                name,
                "text/plain; charset=utf-8",
                sha,
                content.length,
                key.orElse(null),
                Base64.getEncoder().encodeToString(content));
    }

    private long rows(String artifactId) {
        return count(pool, "select count(*) from jobctl.artifact where id = $1", artifactId);
    }

    /** A call as the frontend makes it for a caller of {@code workspace}. */
    private static Response get(String workspace, String path, Object... params) {
        return SignedCalls.signed()
                .header(SignedCalls.PRINCIPAL, "reader")
                .header(SignedCalls.WORKSPACE, workspace)
                .get(path, params);
    }

    private static ArtifactContent awaitByKey(String workspace, String key) {
        return await().atMost(WAIT)
                .until(
                        () -> get(workspace, "/internal/v1/artifacts/by-key?workspace={ws}&key={key}", workspace, key),
                        r -> r.statusCode() == 200)
                .then()
                .extract()
                .as(ArtifactContent.class);
    }

    private static ArtifactContent content(Response response, int status) {
        assertThat(response.statusCode()).isEqualTo(status);
        return Wire.fromBytes(response.asByteArray(), ArtifactContent.class);
    }
}
