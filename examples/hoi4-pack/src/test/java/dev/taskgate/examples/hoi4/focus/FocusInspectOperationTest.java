package dev.taskgate.examples.hoi4.focus;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.examples.hoi4.support.DirectoryWorkspace;
import dev.taskgate.examples.hoi4.support.RecordingContext;
import dev.taskgate.examples.hoi4.support.Results;
import dev.taskgate.operation.api.ToolStoppedException;
import dev.taskgate.operation.api.WorkspaceReader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

class FocusInspectOperationTest {
    private final FocusInspectOperation operation = new FocusInspectOperation();

    @TempDir
    Path directory;

    private JsonNode inspect(WorkspaceReader workspace, ObjectNode input) throws Exception {
        return Results.structured(operation.call(input, RecordingContext.over(workspace)));
    }

    private static ObjectNode input() {
        return Results.JSON.createObjectNode();
    }

    private static JsonNode focus(JsonNode tree, String id) {
        for (JsonNode focus : tree.get("focuses")) {
            if (focus.get("id").asText().equals(id)) {
                return focus;
            }
        }
        throw new AssertionError("no focus " + id + " in " + tree);
    }

    @Test
    void readsATreeWithPositionsEdgesAndExclusivePairs() throws Exception {
        JsonNode result = inspect(FocusFixtures.germany(directory), input());

        assertThat(result.get("trees")).hasSize(1);
        JsonNode tree = result.get("trees").get(0);
        assertThat(tree.get("id").asText()).isEqualTo("german_focus");
        assertThat(tree.get("file").asText()).isEqualTo(FocusFixtures.GERMANY);
        assertThat(tree.get("line").asInt()).isEqualTo(1);
        assertThat(tree.get("focuses"))
                .extracting(
                        f -> f.get("id").asText(),
                        f -> f.get("x").asInt(),
                        f -> f.get("y").asInt())
                .containsExactly(
                        tuple("GER_army", 5, 0),
                        tuple("GER_navy", 2, 0),
                        tuple("GER_tanks", 4, 1),
                        tuple("GER_planes", 6, 2),
                        tuple("GER_ships", 2, 1),
                        tuple("SH_root", 10, 0),
                        tuple("SH_next", 10, 1));

        JsonNode army = focus(tree, "GER_army");
        assertThat(army.get("cost").isIntegralNumber()).isTrue();
        assertThat(army.get("cost").asInt()).isEqualTo(10);
        assertThat(army.get("line").asInt()).isEqualTo(5);
        assertThat(army.get("file").asText()).isEqualTo(FocusFixtures.GERMANY);
        assertThat(army.get("shared").asBoolean()).isFalse();
        assertThat(army.has("relative_position_id")).isFalse();
        assertThat(focus(tree, "GER_navy").get("cost").asDouble()).isEqualTo(7.5);
        assertThat(focus(tree, "GER_planes").get("cost").asText()).isEqualTo("@long");

        JsonNode tanks = focus(tree, "GER_tanks");
        assertThat(tanks.get("relative_position_id").asText()).isEqualTo("GER_army");
        assertThat(tanks.at("/offset/x").asInt()).isEqualTo(-1);
        assertThat(tanks.at("/offset/y").asInt()).isEqualTo(1);

        assertThat(focus(tree, "GER_planes").get("prerequisites").toString())
                .isEqualTo("[[\"GER_army\",\"GER_navy\"],[\"GER_tanks\"]]");
        assertThat(tree.get("edges"))
                .extracting(
                        e -> e.get("from").asText(),
                        e -> e.get("to").asText(),
                        e -> e.get("group").asInt())
                .containsExactly(
                        tuple("GER_army", "GER_tanks", 0),
                        tuple("GER_army", "GER_planes", 0),
                        tuple("GER_navy", "GER_planes", 0),
                        tuple("GER_tanks", "GER_planes", 1),
                        tuple("GER_navy", "GER_ships", 0),
                        tuple("SH_root", "SH_next", 0));
        assertThat(tree.get("mutually_exclusive").toString()).isEqualTo("[[\"GER_planes\",\"GER_ships\"]]");
        assertThat(result.get("problems")).isEmpty();
    }

    @Test
    void pullsInTheNamedSharedFocusAndThoseThatRequireIt() throws Exception {
        JsonNode tree =
                inspect(FocusFixtures.germany(directory), input()).get("trees").get(0);

        assertThat(tree.get("shared_focuses").toString()).isEqualTo("[\"SH_root\"]");
        JsonNode root = focus(tree, "SH_root");
        assertThat(root.get("shared").asBoolean()).isTrue();
        assertThat(root.get("file").asText()).isEqualTo(FocusFixtures.SHARED);
        assertThat(root.get("line").asInt()).isEqualTo(1);
        assertThat(focus(tree, "SH_next").get("line").asInt()).isEqualTo(6);
        assertThat(tree.get("focuses")).noneMatch(f -> f.get("id").asText().equals("SH_unrelated"));
        assertThat(tree.get("focus_count").asInt()).isEqualTo(7);
    }

    @Test
    void reportsCoverageOfTheFilesItRead() throws Exception {
        DirectoryWorkspace workspace = FocusFixtures.germany(directory)
                .write("mod/common/national_focus/broken.txt", "focus_tree = {\n\tid = x\n\tfocus = {\n")
                .write("mod/common/national_focus/notes.md", "focus_tree = {")
                .write("mod/common/national_focus/old/unused.txt", "focus_tree = {")
                .write("mod/common/ideas/ideas.txt", "ideas = {");

        JsonNode coverage = inspect(workspace, input()).get("coverage");

        assertThat(coverage.get("files_seen").asInt()).isEqualTo(3);
        assertThat(coverage.get("files_parsed").asInt()).isEqualTo(2);
        assertThat(coverage.get("files_failed")).hasSize(1);
        JsonNode failed = coverage.get("files_failed").get(0);
        assertThat(failed.get("file").asText()).isEqualTo("mod/common/national_focus/broken.txt");
        assertThat(failed.get("line").asInt()).isEqualTo(3);
        assertThat(failed.get("column").asInt()).isEqualTo(10);
        assertThat(failed.get("error").asText()).contains("never closed");
        assertThat(coverage.get("focuses_found").asInt()).isEqualTo(7);
        assertThat(coverage.get("focuses_returned").asInt()).isEqualTo(7);
        assertThat(coverage.get("truncated").asBoolean()).isFalse();
        assertThat(workspace.reads()).noneMatch(p -> p.endsWith(".md") || p.contains("/old/") || p.contains("ideas"));
    }

    @Test
    void reportsAFileThatVanishedAfterListing() throws Exception {
        DirectoryWorkspace directoryWorkspace = FocusFixtures.germany(directory);
        WorkspaceReader workspace = new WorkspaceReader() {
            @Override
            public List<String> files() {
                List<String> files = new ArrayList<>(directoryWorkspace.files());
                files.add("mod/common/national_focus/gone.txt");
                files.sort(null);
                return files;
            }

            @Override
            public Optional<byte[]> read(String workspacePath) {
                return directoryWorkspace.read(workspacePath);
            }
        };

        JsonNode coverage = inspect(workspace, input()).get("coverage");

        assertThat(coverage.get("files_seen").asInt()).isEqualTo(3);
        JsonNode failed = coverage.get("files_failed").get(0);
        assertThat(failed.get("file").asText()).isEqualTo("mod/common/national_focus/gone.txt");
        assertThat(failed.get("error").asText()).isEqualTo("no longer readable");
        assertThat(failed.has("line")).isFalse();
    }

    @Test
    void readsTheTreesOfEveryRootAndFiltersByTree(@TempDir Path second) throws Exception {
        DirectoryWorkspace workspace = FocusFixtures.germany(directory)
                .withRoot("submod", second)
                .write(
                        "submod/common/national_focus/italy.txt",
                        "focus_tree = { id = italian_focus focus = { id = ITA_a x = 1 y = 0 } }");

        JsonNode all = inspect(workspace, input());
        assertThat(all.get("trees"))
                .extracting(t -> t.get("id").asText())
                .containsExactly("german_focus", "italian_focus");

        JsonNode italy = inspect(workspace, input().put("tree", "italian_focus"));
        assertThat(italy.get("trees")).extracting(t -> t.get("id").asText()).containsExactly("italian_focus");
        assertThat(italy.at("/trees/0/focuses/0/file").asText()).isEqualTo("submod/common/national_focus/italy.txt");
        assertThat(italy.at("/coverage/focuses_found").asInt()).isEqualTo(1);
    }

    @Test
    void namesTheKnownTreesWhenTheTreeIsUnknown() throws Exception {
        DirectoryWorkspace workspace =
                FocusFixtures.germany(directory).write("mod/common/national_focus/broken.txt", "focus_tree = {");

        String text = Results.errorText(
                operation.call(input().put("tree", "french_focus"), RecordingContext.over(workspace)));

        assertThat(text)
                .contains("no focus tree french_focus")
                .contains("known trees: german_focus")
                .contains("1 of 3 focus files could not be parsed");
    }

    @Test
    void saysSoWhenThereAreNoTreesAtAll() throws Exception {
        String text = Results.errorText(operation.call(
                input().put("tree", "german_focus"), RecordingContext.over(new DirectoryWorkspace("mod", directory))));

        assertThat(text).contains("no focus trees were found");
    }

    @Test
    void truncatesDeterministicallyAtMaxFocuses() throws Exception {
        DirectoryWorkspace workspace = FocusFixtures.germany(directory);

        JsonNode first = inspect(workspace, input().put("max_focuses", 3));
        JsonNode again = inspect(workspace, input().put("max_focuses", 3));

        assertThat(first).isEqualTo(again);
        JsonNode tree = first.get("trees").get(0);
        assertThat(tree.get("focuses"))
                .extracting(f -> f.get("id").asText())
                .containsExactly("GER_army", "GER_navy", "GER_tanks");
        assertThat(tree.get("focus_count").asInt()).isEqualTo(7);
        assertThat(tree.get("edges")).hasSize(1);
        assertThat(tree.get("mutually_exclusive")).isEmpty();
        assertThat(first.at("/coverage/focuses_found").asInt()).isEqualTo(7);
        assertThat(first.at("/coverage/focuses_returned").asInt()).isEqualTo(3);
        assertThat(first.at("/coverage/truncated").asBoolean()).isTrue();
    }

    @Test
    void leavesLaterTreesEmptyOnceTheBudgetIsSpent(@TempDir Path second) throws Exception {
        DirectoryWorkspace workspace = FocusFixtures.germany(directory)
                .withRoot("submod", second)
                .write(
                        "submod/common/national_focus/italy.txt",
                        "focus_tree = { id = italian_focus focus = { id = ITA_a } }");

        JsonNode result = inspect(workspace, input().put("max_focuses", 7));

        assertThat(result.at("/trees/1/id").asText()).isEqualTo("italian_focus");
        assertThat(result.at("/trees/1/focuses")).isEmpty();
        assertThat(result.at("/trees/1/focus_count").asInt()).isEqualTo(1);
        assertThat(result.at("/coverage/truncated").asBoolean()).isTrue();
    }

    @Test
    void reportsProgressPerFile() throws Exception {
        RecordingContext context = RecordingContext.over(FocusFixtures.germany(directory));

        operation.call(input(), context);

        assertThat(context.progress())
                .extracting(
                        RecordingContext.Progress::progress,
                        RecordingContext.Progress::total,
                        RecordingContext.Progress::message)
                .containsExactly(
                        tuple(1.0, 2.0, "parsed " + FocusFixtures.GERMANY),
                        tuple(2.0, 2.0, "parsed " + FocusFixtures.SHARED));
    }

    @Test
    void reportsProgressForAFileThatFailed() throws Exception {
        DirectoryWorkspace workspace =
                new DirectoryWorkspace("mod", directory).write("mod/common/national_focus/a.txt", "}");
        RecordingContext context = RecordingContext.over(workspace);

        operation.call(input(), context);

        assertThat(context.progress())
                .extracting(RecordingContext.Progress::message)
                .containsExactly("could not parse mod/common/national_focus/a.txt");
    }

    @Test
    void stopsBetweenFilesWhenAsked() {
        DirectoryWorkspace workspace = FocusFixtures.germany(directory);
        RecordingContext context = RecordingContext.over(workspace).stopAfter(1);

        assertThatThrownBy(() -> operation.call(input(), context))
                .isInstanceOf(ToolStoppedException.class)
                .hasMessageContaining("stopped after 1 of 2 files");
        assertThat(workspace.reads()).containsExactly(FocusFixtures.GERMANY);
    }

    @Test
    void needsAWorkspace() throws Exception {
        String text = Results.errorText(operation.call(input(), RecordingContext.withoutWorkspace()));

        assertThat(text).contains("hoi4.focus_inspect needs a registered workspace");
    }
}
