package dev.taskgate.worker.child.workspace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkspaceFilesTest {
    @TempDir
    Path temp;

    Path src;
    Path docs;
    Path outside;
    WorkspaceFiles files;

    @BeforeEach
    void createWorkspace() throws IOException {
        src = Files.createDirectories(temp.resolve("src"));
        docs = Files.createDirectories(temp.resolve("docs"));
        outside = Files.createDirectories(temp.resolve("outside"));
        write(src.resolve("main.c"), "#include \"util.h\"\n");
        write(src.resolve("lib/util.h"), "int f(void);\n");
        write(src.resolve(".git/config"), "[core]\n");
        write(src.resolve(".taskgate-journal/x/main.c"), "old\n");
        write(src.resolve(".eslintrc"), "{}\n");
        write(src.resolve("big.bin"), "x".repeat(200));
        write(docs.resolve("README.md"), "[util](../src/lib/util.h)\n");
        write(outside.resolve("secret.txt"), "secret\n");
        files = WorkspaceFiles.of(workspace(100));
    }

    @Test
    void listsEveryRegularFileSortedWithRootNamesAndSlashes() {
        WorkspaceFiles.Listing listing = files.scan();

        assertThat(listing.files()).containsExactly("docs/README.md", "src/.eslintrc", "src/lib/util.h", "src/main.c");
        assertThat(files.list()).isEqualTo(listing.files());
        assertThat(listing.truncated()).isFalse();
    }

    @Test
    void skipsHiddenDirectoriesAndCountsFilesOverTheLimit() {
        WorkspaceFiles.Listing listing = files.scan();

        assertThat(listing.files()).noneMatch(f -> f.contains(".git/") || f.contains(".taskgate-journal"));
        assertThat(listing.skippedTooLarge()).isEqualTo(1);
        assertThat(listing.skipped()).isEqualTo(1);
        assertThat(WorkspaceFiles.of(workspace(1000)).list()).contains("src/big.bin");
    }

    @Test
    void skipsSymlinksThatLeaveTheRootAndKeepsThoseInside() throws IOException {
        Files.createSymbolicLink(src.resolve("leak.txt"), outside.resolve("secret.txt"));
        Files.createSymbolicLink(src.resolve("alias.h"), src.resolve("lib/util.h"));
        Files.createSymbolicLink(src.resolve("elsewhere"), outside);
        Files.createSymbolicLink(src.resolve("dangling"), temp.resolve("nothing-here"));

        WorkspaceFiles.Listing listing = files.scan();

        assertThat(listing.files())
                .contains("src/alias.h")
                .doesNotContain("src/leak.txt", "src/dangling")
                .noneMatch(f -> f.startsWith("src/elsewhere"));
        assertThat(listing.skippedLinks()).isEqualTo(3);
        assertThat(files.read("src/alias.h"))
                .hasValueSatisfying(b -> assertThat(text(b)).isEqualTo("int f(void);\n"));
    }

    @Test
    void aRootRegisteredThroughASymlinkIsWalkedAsItsDirectory() throws IOException {
        Path link = Files.createSymbolicLink(temp.resolve("src-link"), src);
        WorkspaceFiles linked =
                WorkspaceFiles.of(new Workspace("acme/demo", List.of(new WorkspaceRoot("src", link)), List.of(), 100));

        assertThat(linked.list()).containsExactly("src/.eslintrc", "src/lib/util.h", "src/main.c");
        assertThat(linked.read("src/main.c")).isPresent();
    }

    @Test
    void readsFilesByWorkspacePath() {
        assertThat(files.read("src/lib/util.h"))
                .hasValueSatisfying(b -> assertThat(text(b)).isEqualTo("int f(void);\n"));
        assertThat(files.read("src/missing.c")).isEmpty();
        assertThat(files.resolve("docs/README.md")).isEqualTo(docs.resolve("README.md"));
    }

    @Test
    void refusesPathsThatLeaveTheWorkspace() throws IOException {
        Files.createSymbolicLink(src.resolve("leak.txt"), outside.resolve("secret.txt"));
        Files.createSymbolicLink(src.resolve("elsewhere"), outside);

        assertRefused("src/../outside/secret.txt", "'..'");
        assertRefused("src/lib/../main.c", "'..'");
        assertRefused(outside.resolve("secret.txt").toString(), "absolute");
        assertRefused("src//main.c", "empty segments");
        assertRefused("nope/main.c", "no root named 'nope'");
        assertRefused("src", "names a root and a file");
        assertRefused("", "must not be empty");
        assertRefused("src\\main.c", "'\\'");
        assertRefused("src/leak.txt", "outside its root through a symbolic link");
        assertRefused("src/elsewhere/secret.txt", "outside its root through a symbolic link");
        assertRefused("src/.git/config", "hidden directories");
        assertRefused("src/.taskgate-journal/x/main.c", "hidden directories");
    }

    @Test
    void refusesToReadFilesOverTheLimit() {
        assertThatThrownBy(() -> files.read("src/big.bin"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("larger than the workspace's limit of 100 bytes");
    }

    @Test
    void revisionIsStableAndSensitiveToPathsAndContents() {
        SortedMap<String, byte[]> read = new TreeMap<>();
        read.put("src/a.c", bytes("a"));
        read.put("src/b.c", bytes("b"));
        String revision = WorkspaceFiles.revision(read);

        SortedMap<String, byte[]> same = new TreeMap<>();
        same.put("src/b.c", bytes("b"));
        same.put("src/a.c", bytes("a"));
        assertThat(WorkspaceFiles.revision(same))
                .isEqualTo(revision)
                .startsWith("sha256:")
                .hasSize(71);

        SortedMap<String, byte[]> edited = new TreeMap<>(read);
        edited.put("src/b.c", bytes("B"));
        SortedMap<String, byte[]> renamed = new TreeMap<>();
        renamed.put("src/a.c", bytes("a"));
        renamed.put("src/c.c", bytes("b"));
        SortedMap<String, byte[]> added = new TreeMap<>(read);
        added.put("src/c.c", bytes(""));
        SortedMap<String, byte[]> removed = new TreeMap<>(read);
        removed.remove("src/b.c");
        assertThat(List.of(edited, renamed, added, removed))
                .extracting(WorkspaceFiles::revision)
                .doesNotContain(revision)
                .doesNotHaveDuplicates();
    }

    @Test
    void workspaceSurvivesItsProtocolForm() {
        Workspace workspace = workspace(100);

        Workspace copy = Workspace.fromJson(workspace.toJson());

        assertThat(copy.id()).isEqualTo("acme/demo");
        assertThat(copy.roots()).isEqualTo(workspace.roots());
        assertThat(copy.maxFileBytes()).isEqualTo(100);
        assertThat(copy.referencePatterns())
                .extracting(java.util.regex.Pattern::pattern)
                .isEqualTo(Workspace.DEFAULT_REFERENCE_PATTERNS);
    }

    @Test
    void defaultReferencePatternsFindIncludesImportsAndLinks() {
        String text = "#include \"util.h\"\nimport { a } from './a.js';\nconst b = require('./b');\n"
                + "See [docs](guide/intro.md#top).\nfrom pkg.mod import x\nimport './side.css';\n";
        List<String> found = new java.util.ArrayList<>();
        for (java.util.regex.Pattern p : workspace(100).referencePatterns()) {
            java.util.regex.Matcher m = p.matcher(text);
            while (m.find()) {
                found.add(m.group(1));
            }
        }
        assertThat(found)
                .containsExactlyInAnyOrder("util.h", "./a.js", "./b", "guide/intro.md", "pkg.mod", "./side.css");
    }

    private void assertRefused(String path, String message) {
        assertThatThrownBy(() -> files.read(path))
                .as(path)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    private Workspace workspace(long maxFileBytes) {
        return new Workspace(
                "acme/demo",
                List.of(new WorkspaceRoot("src", src), new WorkspaceRoot("docs", docs)),
                Workspace.compile("acme/demo", Workspace.DEFAULT_REFERENCE_PATTERNS),
                maxFileBytes);
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
