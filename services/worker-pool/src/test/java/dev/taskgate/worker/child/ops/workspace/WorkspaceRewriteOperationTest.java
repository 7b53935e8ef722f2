package dev.taskgate.worker.child.ops.workspace;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.OperationStoppedException;
import dev.taskgate.worker.child.RecordingContext;
import dev.taskgate.worker.child.journal.FileChange;
import dev.taskgate.worker.child.journal.JournaledFiles;

import static dev.taskgate.worker.child.ops.workspace.WorkspaceFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkspaceRewriteOperationTest {
    @TempDir
    Path temp;

    WorkspaceFixture fixture;
    final WorkspaceRewriteOperation operation = new WorkspaceRewriteOperation();

    @BeforeEach
    void workspace() throws Exception {
        fixture = new WorkspaceFixture(temp);
    }

    @Test
    void replacesAcrossRootsThroughTheJournalAndNamesThePlan() throws Exception {
        RecordingContext context = new RecordingContext().over(fixture.workspace);

        String result = operation.run(json("{\"search\":\"helper\",\"replace\":\"assist\"}"), context);

        assertThat(context.commits()).singleElement().satisfies(plan -> {
            assertThat(plan.changes())
                    .extracting(FileChange::path)
                    .containsExactly("docs/README.md", "src/lib/util.h", "src/main.c");
            assertThat(result)
                    .isEqualTo(WorkspaceRewriteOperation.committed(
                            plan.planHash(), List.of("docs/README.md", "src/lib/util.h", "src/main.c")));
            assertThat(json(result).at("/structuredContent/plan_hash").asText()).isEqualTo(plan.planHash());
            // pre-images kept in each file's own root
            assertThat(fixture.docs
                            .resolve(JournaledFiles.JOURNAL_DIR)
                            .resolve(plan.planHash().substring(7))
                            .resolve("README.md"))
                    .hasContent("Call helper() from main.\n");
            assertThat(fixture.src
                            .resolve(JournaledFiles.JOURNAL_DIR)
                            .resolve(plan.planHash().substring(7))
                            .resolve("lib/util.h"))
                    .hasContent("int helper(void);\nint Helper2(void);\n");
        });
        assertThat(fixture.docs.resolve("README.md")).hasContent("Call assist() from main.\n");
        assertThat(fixture.src.resolve("lib/util.h")).hasContent("int assist(void);\nint Helper2(void);\n");
        assertThat(fixture.src.resolve(".git/HEAD"))
                .as("hidden directories are not part of the workspace")
                .hasContent("helper\n");
        assertThat(Files.readAllBytes(fixture.src.resolve("blob.bin")))
                .as("binary files are left alone")
                .startsWith('h', 'e', 'l', 'p', 'e', 'r');
    }

    @Test
    void regexReplaceWithGroupsCaseAndInclude() throws Exception {
        RecordingContext context = new RecordingContext().over(fixture.workspace);

        operation.run(
                json("{\"search\":\"(h)elper(\\\\d?)\",\"replace\":\"$1andler$2\",\"mode\":\"regex\","
                        + "\"case_sensitive\":false,\"include\":\"src/**/*.h\"}"),
                context);

        assertThat(fixture.src.resolve("lib/util.h")).hasContent("int handler(void);\nint Handler2(void);\n");
        assertThat(fixture.src.resolve("main.c")).as("not included").content().contains("helper()");
    }

    @Test
    void structuredEditsMatchExactlyOnceInOrder() throws Exception {
        RecordingContext context = new RecordingContext().over(fixture.workspace);

        String result = operation.run(
                json("{\"edits\":["
                        + "{\"path\":\"src/main.c\",\"old_text\":\"return helper();\",\"new_text\":\"return helper() + 1;\"},"
                        + "{\"path\":\"src/main.c\",\"old_text\":\"+ 1\",\"new_text\":\"+ 2\"},"
                        + "{\"path\":\"docs/README.md\",\"old_text\":\"Call\",\"new_text\":\"Invoke\"}]}"),
                context);

        assertThat(json(result).at("/structuredContent/files").toString())
                .isEqualTo("[\"docs/README.md\",\"src/main.c\"]");
        assertThat(fixture.src.resolve("main.c")).content().contains("return helper() + 2;");
        assertThat(fixture.docs.resolve("README.md")).hasContent("Invoke helper() from main.\n");
    }

    @Test
    void aBlockedPlanNeverCommitsAndChangesNothing() throws Exception {
        assertBlocked(
                "{\"edits\":[{\"path\":\"docs/README.md\",\"old_text\":\"Call\",\"new_text\":\"x\"},"
                        + "{\"path\":\"src/main.c\",\"old_text\":\"i\",\"new_text\":\"y\"}]}",
                "blocked: edit 2: old_text occurs 5 times in src/main.c; it must match exactly once; nothing was "
                        + "committed or changed");
        assertBlocked(
                "{\"edits\":[{\"path\":\"src/main.c\",\"old_text\":\"absent\",\"new_text\":\"x\"}]}",
                "old_text occurs 0 times in src/main.c");
        assertBlocked(
                "{\"edits\":[{\"path\":\"src/../../etc/passwd\",\"old_text\":\"a\",\"new_text\":\"x\"}]}",
                "blocked: edit 1: src/../../etc/passwd: a workspace path may not contain '..'");
        assertBlocked(
                "{\"edits\":[{\"path\":\"nope/a.c\",\"old_text\":\"a\",\"new_text\":\"x\"}]}", "no root named 'nope'");
        assertBlocked(
                "{\"edits\":[{\"path\":\"src/missing.c\",\"old_text\":\"a\",\"new_text\":\"x\"}]}",
                "src/missing.c: no such file");
        assertBlocked(
                "{\"edits\":[{\"path\":\"src/blob.bin\",\"old_text\":\"help\",\"new_text\":\"x\"}]}",
                "src/blob.bin is not a UTF-8 text file");
        assertBlocked("{\"search\":\"(x\",\"replace\":\"y\",\"mode\":\"regex\"}", "blocked: invalid regex");
        assertBlocked("{\"search\":\"(h)elper\",\"replace\":\"$7\",\"mode\":\"regex\"}", "invalid replacement $7");
        assertThat(fixture.docs.resolve("README.md")).hasContent("Call helper() from main.\n");
    }

    @Test
    void anUnchangedPlanEndsWithoutACommit() throws Exception {
        RecordingContext context = new RecordingContext().over(fixture.workspace);

        JsonNode result = json(operation.run(json("{\"search\":\"zzz\",\"replace\":\"y\"}"), context));

        assertThat(result.path("isError").asBoolean()).isFalse();
        assertThat(result.at("/content/0/text").asText())
                .startsWith("no changes: replace literal text in 0 of 4 " + "files; nothing was committed");
        assertThat(context.commits()).isEmpty();
    }

    @Test
    void aRefusedOrStoppedCommitChangesNothing() throws Exception {
        JsonNode input = json("{\"search\":\"helper\",\"replace\":\"assist\"}");
        assertThatThrownBy(() -> operation.run(
                        input, new RecordingContext().over(fixture.workspace).refusingCommits("bound already")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("commit refused: bound already; nothing was changed");
        RecordingContext stopped = new RecordingContext().over(fixture.workspace);
        stopped.requestStop();
        assertThatThrownBy(() -> operation.run(input, stopped)).isInstanceOf(OperationStoppedException.class);
        assertThat(fixture.src.resolve("main.c")).content().contains("helper");
    }

    @Test
    void reconciliationReconstructsCommittedRestoredOrNotApplied() throws Exception {
        JsonNode input = json("{\"search\":\"helper\",\"replace\":\"assist\"}");
        RecordingContext planner =
                new RecordingContext().over(fixture.workspace).refusingCommits("plan only");
        assertThatThrownBy(() -> operation.run(input, planner)).isInstanceOf(IllegalStateException.class);
        JsonNode journal = planner.commits().get(0).toJournal();
        RecordingContext context = new RecordingContext().over(fixture.workspace);

        assertThatThrownBy(() -> operation.reconcile(input, journal, context))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("was not applied");

        JournaledFiles.of(dev.taskgate.worker.child.workspace.WorkspaceFiles.of(fixture.workspace))
                .apply(planner.commits().get(0));
        assertThat(operation.reconcile(input, journal, context))
                .isEqualTo(WorkspaceRewriteOperation.committed(
                        journal.get("planHash").asText(), List.of("docs/README.md", "src/lib/util.h", "src/main.c")));

        // a partial apply: one file back at its pre-image → every file restored
        Files.writeString(fixture.docs.resolve("README.md"), "Call helper() from main.\n");
        JsonNode restored = json(operation.reconcile(input, journal, context));
        assertThat(restored.path("isError").asBoolean()).isTrue();
        assertThat(restored.at("/content/0/text").asText()).startsWith("the rewrite was interrupted; restored 3");
        assertThat(fixture.src.resolve("main.c")).content().contains("return helper();");
    }

    private void assertBlocked(String input, String message) throws Exception {
        RecordingContext context = new RecordingContext().over(fixture.workspace);
        JsonNode result = json(operation.run(json(input), context));
        assertThat(result.path("isError").asBoolean()).as(input).isTrue();
        assertThat(result.at("/content/0/text").asText()).as(input).contains(message);
        assertThat(context.commits()).as(input).isEmpty();
    }
}
