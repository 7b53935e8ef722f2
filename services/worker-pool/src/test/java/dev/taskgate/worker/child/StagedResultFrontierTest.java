package dev.taskgate.worker.child;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.taskgate.worker.child.workspace.Workspace;
import dev.taskgate.worker.child.workspace.WorkspaceFiles;
import dev.taskgate.worker.child.workspace.WorkspaceRoot;

import static org.assertj.core.api.Assertions.assertThat;

/** The staged result's final frontier: its shape, what is not one, and when its sources count as unchanged. */
class StagedResultFrontierTest {
    @TempDir
    Path dir;

    private WorkspaceFiles files;
    private StagedSources sources;

    @BeforeEach
    void workspace() throws Exception {
        Files.writeString(dir.resolve("a.txt"), "alpha\n");
        Files.writeString(dir.resolve("b.txt"), "beta\n");
        files = WorkspaceFiles.of(new Workspace(
                "acme/demo",
                List.of(new WorkspaceRoot("src", dir)),
                Workspace.compile("acme/demo", Workspace.DEFAULT_REFERENCE_PATTERNS),
                Workspace.DEFAULT_MAX_FILE_BYTES));
        SortedMap<String, String> read = new TreeMap<>();
        read.put("src/a.txt", WorkspaceFiles.contentHash(files.read("src/a.txt").orElseThrow()));
        sources = StagedSources.of(files.list(), read);
    }

    @Test
    void roundTripsThroughItsJson() {
        StagedResultFrontier frontier = new StagedResultFrontier("{\"content\":[],\"isError\":false}", sources);

        assertThat(StagedResultFrontier.parse(frontier.toJson())).contains(frontier);
        assertThat(sources.revision())
                .isEqualTo(WorkspaceFiles.revisionOfHashes(new TreeMap<>(sources.contentHashes())));
    }

    @Test
    void anyOtherFrontierIsNotAStagedOne() {
        assertThat(StagedResultFrontier.parse("{\"next\":3}")).isEmpty();
        assertThat(StagedResultFrontier.parse("not json")).isEmpty();
        assertThat(StagedResultFrontier.parse("{\"staged\":1,\"sources\":{}}")).isEmpty();
        assertThat(StagedResultFrontier.parse("{\"staged\":\"r\",\"sources\":{\"src/a\":1}}"))
                .isEmpty();
        assertThat(StagedResultFrontier.parse("{\"staged\":\"r\",\"listing\":2,\"sources\":{}}"))
                .isEmpty();
        assertThat(StagedResultFrontier.parse("{\"staged\":\"r\",\"sources\":{}}"))
                .hasValueSatisfying(f -> assertThat(f.sources().listing()).isNull());
    }

    @Test
    void unchangedOnlyWhileTheListingAndEveryFileReadAre() throws Exception {
        assertThat(sources.unchangedIn(files)).isTrue();

        Files.writeString(dir.resolve("b.txt"), "beta, changed\n");
        assertThat(sources.unchangedIn(files))
                .as("a file listed but not read may change")
                .isTrue();

        Files.writeString(dir.resolve("c.txt"), "new\n");
        assertThat(sources.unchangedIn(files)).as("a file appeared").isFalse();
        Files.delete(dir.resolve("c.txt"));

        Files.writeString(dir.resolve("a.txt"), "alpha, changed\n");
        assertThat(sources.unchangedIn(files)).as("a file read changed").isFalse();
    }

    @Test
    void aFileReadThatVanishedOrAPathRefusedNowIsAChange() throws Exception {
        SortedMap<String, String> read = new TreeMap<>(sources.contentHashes());
        read.put("src/../outside.txt", "sha256:00");
        assertThat(new StagedSources(null, read).unchangedIn(files)).isFalse();

        StagedSources unlisted = new StagedSources(null, sources.contentHashes());
        assertThat(unlisted.unchangedIn(files)).isTrue();
        Files.delete(dir.resolve("a.txt"));
        assertThat(unlisted.unchangedIn(files)).isFalse();
    }
}
