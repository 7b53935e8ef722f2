package dev.taskgate.worker.child.ops;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.worker.child.OperationStoppedException;
import dev.taskgate.worker.child.RecordingContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RewriteOperationTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path sandbox;

    private RewriteOperation operation;

    @BeforeEach
    void files() throws Exception {
        Files.writeString(sandbox.resolve("a.txt"), "colour and colour");
        Files.createDirectories(sandbox.resolve("docs"));
        Files.writeString(sandbox.resolve("docs/b.md"), "no match here");
        operation = new RewriteOperation(Optional.of(sandbox));
    }

    @Test
    void commitsThePlanThenAppliesItAndNamesThePlanInTheResult() throws Exception {
        RecordingContext context = new RecordingContext();

        String result = operation.run(input(), context);

        assertThat(context.commits()).singleElement().satisfies(plan -> {
            assertThat(plan.changes()).extracting(c -> c.path()).containsExactly("a.txt");
            assertThat(result).isEqualTo(RewriteOperation.committed(plan.planHash(), java.util.List.of("a.txt")));
        });
        assertThat(Files.readString(sandbox.resolve("a.txt"))).isEqualTo("color and color");
        assertThat(Files.readString(sandbox.resolve("docs/b.md"))).isEqualTo("no match here");
    }

    @Test
    void anUnchangedPlanEndsWithoutACommit() throws Exception {
        RecordingContext context = new RecordingContext();

        String result = operation.run(
                MAPPER.readTree("{\"files\":[\"docs/b.md\"],\"search\":\"zzz\"," + "\"replace\":\"y\"}"), context);

        assertThat(result).contains("no changes");
        assertThat(context.commits()).isEmpty();
    }

    @Test
    void aRefusedOrStoppedCommitChangesNothing() {
        assertThatThrownBy(() -> operation.run(input(), new RecordingContext().refusingCommits("bound already")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("commit refused: bound already; nothing was " + "changed");
        RecordingContext stopped = new RecordingContext();
        stopped.requestStop();
        assertThatThrownBy(() -> operation.run(input(), stopped)).isInstanceOf(OperationStoppedException.class);
        assertThat(sandbox.resolve("a.txt")).hasContent("colour and colour");
    }

    @Test
    void reconciliationReconstructsTheCommittedResultOrFailsWhenNothingWasApplied() throws Exception {
        RecordingContext context = new RecordingContext();
        // plan without applying: record the plan the operation would commit, then refuse it
        assertThatThrownBy(() -> operation.run(input(), context.refusingCommits("test")))
                .isInstanceOf(IllegalStateException.class);
        JsonNode journal = context.commits().get(0).toJournal();

        assertThatThrownBy(() -> operation.reconcile(input(), journal))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("was not applied");

        String applied = operation.run(input(), new RecordingContext());
        assertThat(operation.reconcile(input(), journal))
                .as("exactly what the run returned")
                .isEqualTo(applied);
        assertThat(sandbox.resolve("a.txt")).hasContent("color and color");
    }

    @Test
    void withoutASandboxNothingIsTouched() {
        assertThatThrownBy(() -> new RewriteOperation(Optional.empty()).run(input(), new RecordingContext()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("needs a sandbox directory");
    }

    @Test
    void refusesAFileLinkThatLeavesTheSandbox(@TempDir Path outside) throws Exception {
        Path secret = Files.writeString(outside.resolve("secret.txt"), "colour outside");
        Files.createSymbolicLink(sandbox.resolve("escape.txt"), secret);
        RecordingContext context = new RecordingContext();

        assertThatThrownBy(() -> operation.run(rewriting("escape.txt"), context))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'escape.txt' leads outside its root through a symbolic link");
        assertThat(context.commits()).as("nothing asked to commit").isEmpty();
        assertThat(secret).hasContent("colour outside");
    }

    @Test
    void refusesADirectoryLinkThatLeavesTheSandbox(@TempDir Path outside) throws Exception {
        Path secret = Files.writeString(outside.resolve("secret.txt"), "colour outside");
        Files.createSymbolicLink(sandbox.resolve("linked"), outside);

        assertThatThrownBy(() -> operation.run(rewriting("linked/secret.txt"), new RecordingContext()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("leads outside its root through a symbolic link");
        assertThat(secret).hasContent("colour outside");
    }

    @Test
    void refusesABrokenLinkAndALinkIntoTheJournal() throws Exception {
        Files.createSymbolicLink(sandbox.resolve("dangling.txt"), sandbox.resolve("gone/nowhere.txt"));
        Files.createDirectories(sandbox.resolve(".taskgate-journal"));
        Files.writeString(sandbox.resolve(".taskgate-journal/kept.txt"), "colour kept");
        Files.createSymbolicLink(sandbox.resolve("journal"), sandbox.resolve(".taskgate-journal"));

        assertThatThrownBy(() -> operation.run(rewriting("dangling.txt"), new RecordingContext()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("broken symbolic link");
        assertThatThrownBy(() -> operation.run(rewriting("journal/kept.txt"), new RecordingContext()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("path outside the operation's root");
        assertThat(sandbox.resolve(".taskgate-journal/kept.txt")).hasContent("colour kept");
    }

    @Test
    void refusesToKeepPreImagesInAJournalDirectoryLinkedOutside(@TempDir Path outside) throws Exception {
        Files.createSymbolicLink(sandbox.resolve(".taskgate-journal"), outside);

        String result = operation.run(input(), new RecordingContext());

        assertThat(result)
                .contains("\"isError\":true")
                .contains("no place to keep the pre-image of a.txt")
                .contains("leads outside its root through a symbolic link");
        assertThat(sandbox.resolve("a.txt")).hasContent("colour and colour");
        try (var kept = Files.list(outside)) {
            assertThat(kept).as("no pre-image outside the sandbox").isEmpty();
        }
    }

    @Test
    void followsALinkThatStaysInsideTheSandbox() throws Exception {
        Files.createSymbolicLink(sandbox.resolve("alias.txt"), sandbox.resolve("a.txt"));

        String result = operation.run(rewriting("alias.txt"), new RecordingContext());

        assertThat(result).contains("rewrote 1 files");
    }

    private static JsonNode rewriting(String file) {
        var input = MAPPER.createObjectNode().put("search", "colour").put("replace", "color");
        input.putArray("files").add(file);
        return input;
    }

    private static JsonNode input() throws Exception {
        return MAPPER.readTree("{\"files\":[\"a.txt\",\"docs/b.md\"],\"search\":\"colour\",\"replace\":\"color\"}");
    }
}
