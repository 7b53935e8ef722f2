package dev.taskgate.worker.child.journal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JournaledFilesTest {

    @TempDir
    Path root;

    @Test
    void appliesAPlanAndKeepsThePreImages() throws IOException {
        RewritePlan plan = twoFilePlan();
        new JournaledFiles(root).apply(plan);

        assertThat(read("a.txt")).isEqualTo("A2");
        assertThat(read("dir/b.txt")).isEqualTo("B2");
        Path kept =
                root.resolve(JournaledFiles.JOURNAL_DIR).resolve(plan.planHash().substring(7));
        assertThat(Files.readString(kept.resolve("dir/b.txt"))).isEqualTo("B1");
        assertThat(new JournaledFiles(root).reconcile(plan.toJournal())).isEqualTo(JournaledFiles.Outcome.COMMITTED);
    }

    @Test
    void aFileChangedSincePlanningStopsTheApplyAndRestoresWhatWasAlreadyWritten() throws IOException {
        RewritePlan plan = twoFilePlan();
        write("dir/b.txt", "edited meanwhile");

        assertThatThrownBy(() -> new JournaledFiles(root).apply(plan))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("dir/b.txt changed after the plan was made");
        assertThat(read("a.txt")).isEqualTo("A1");
        assertThat(read("dir/b.txt")).isEqualTo("edited meanwhile");
    }

    @Test
    void reconciliationTellsNotAppliedFromCommittedAndRestoresAPartialApply() throws IOException {
        RewritePlan plan = twoFilePlan();
        JsonNode journal = plan.toJournal();
        JournaledFiles files = new JournaledFiles(root);
        assertThat(files.reconcile(journal)).isEqualTo(JournaledFiles.Outcome.NOT_APPLIED);

        files.apply(plan);
        write("a.txt", "A1"); // as if the crash came between the two renames
        assertThat(files.reconcile(journal)).isEqualTo(JournaledFiles.Outcome.RESTORED);
        assertThat(read("a.txt")).isEqualTo("A1");
        assertThat(read("dir/b.txt")).isEqualTo("B1");
        assertThat(files.reconcile(journal)).isEqualTo(JournaledFiles.Outcome.NOT_APPLIED);
    }

    @Test
    void aPartialApplyWithoutItsKeptPreImagesCannotBeReconstructed() throws IOException {
        RewritePlan plan = twoFilePlan();
        write("a.txt", "A2");

        assertThatThrownBy(() -> new JournaledFiles(root).reconcile(plan.toJournal()))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("no kept pre-image of a.txt");
    }

    @Test
    void pathsNeverLeaveTheRootOrEnterTheJournal() {
        JournaledFiles files = new JournaledFiles(root);
        assertThatThrownBy(() -> files.resolve("../outside.txt")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> files.resolve("/etc/passwd")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> files.resolve(".taskgate-journal/x")).isInstanceOf(IllegalArgumentException.class);
        assertThat(files.resolve("dir/../a.txt")).isEqualTo(root.resolve("a.txt"));
    }

    @Test
    void thePlanHashDependsOnTheChangesNotTheirOrder() throws IOException {
        FileChange a = new FileChange("a", bytes("1"), bytes("2"));
        FileChange b = new FileChange("b", bytes("1"), bytes("3"));

        assertThat(new RewritePlan("x", List.of(a, b)).planHash())
                .isEqualTo(new RewritePlan("y", List.of(b, a)).planHash())
                .isNotEqualTo(new RewritePlan("x", List.of(a)).planHash())
                .matches("sha256:[0-9a-f]{64}");
        assertThat(new RewritePlan("none", List.of()).isEmpty()).isTrue();
        assertThatThrownBy(() -> new FileChange("a", bytes("1"), bytes("1")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private RewritePlan twoFilePlan() throws IOException {
        write("a.txt", "A1");
        write("dir/b.txt", "B1");
        return new RewritePlan(
                "two",
                List.of(
                        new FileChange("a.txt", bytes("A1"), bytes("A2")),
                        new FileChange("dir/b.txt", bytes("B1"), bytes("B2"))));
    }

    private void write(String path, String text) throws IOException {
        Files.createDirectories(root.resolve(path).getParent());
        Files.writeString(root.resolve(path), text);
    }

    private String read(String path) throws IOException {
        return Files.readString(root.resolve(path));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
