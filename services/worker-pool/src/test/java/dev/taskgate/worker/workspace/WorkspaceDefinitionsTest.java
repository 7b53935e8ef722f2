package dev.taskgate.worker.workspace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.taskgate.worker.child.workspace.Workspace;
import dev.taskgate.worker.child.workspace.WorkspaceRoot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkspaceDefinitionsTest {
    @TempDir
    Path temp;

    @Test
    void namesRootsByTheirLastSegmentOrExplicitly() throws IOException {
        Path src = Files.createDirectories(temp.resolve("src"));
        Path other = Files.createDirectories(temp.resolve("b/src"));

        Workspace workspace = WorkspaceDefinitions.define(
                "acme/demo", Optional.empty(), List.of(src.toString(), " vendor = " + other), Optional.empty(), 1024);

        assertThat(workspace.id()).isEqualTo("acme/demo");
        assertThat(workspace.roots())
                .containsExactly(new WorkspaceRoot("src", src), new WorkspaceRoot("vendor", other));
        assertThat(workspace.referencePatterns()).hasSize(Workspace.DEFAULT_REFERENCE_PATTERNS.size());
        assertThat(workspace.maxFileBytes()).isEqualTo(1024);
    }

    @Test
    void takesTheIdFromItsOwnKeyWhenTheKeyIsAName() throws IOException {
        Path src = Files.createDirectories(temp.resolve("src"));

        Workspace workspace = WorkspaceDefinitions.define(
                "demo", Optional.of("acme/demo"), List.of(src.toString()), Optional.of(List.of("use (\\w+)")), 10);

        assertThat(workspace.id()).isEqualTo("acme/demo");
        assertThat(workspace.referencePatterns())
                .extracting(java.util.regex.Pattern::pattern)
                .containsExactly("use (\\w+)");
    }

    @Test
    void refusesInvalidEntriesNamingKeyAndProblem() throws IOException {
        Path src = Files.createDirectories(temp.resolve("src"));
        Path file = Files.writeString(temp.resolve("file.txt"), "x");
        Path twin = Files.createDirectories(temp.resolve("twin/src"));
        String root = src.toString();

        assertInvalid(
                "demo",
                Optional.empty(),
                List.of(root),
                Optional.empty(),
                10,
                "a workspace id is " + "'<org>/<project>': 'demo'");
        assertInvalid("acme/demo", Optional.empty(), List.of(), Optional.empty(), 10, "at least one directory");
        assertInvalid(
                "acme/demo",
                Optional.empty(),
                List.of("relative/dir"),
                Optional.empty(),
                10,
                "must be an absolute path");
        assertInvalid(
                "acme/demo",
                Optional.empty(),
                List.of(temp.resolve("missing").toString()),
                Optional.empty(),
                10,
                "does not exist");
        assertInvalid(
                "acme/demo", Optional.empty(), List.of(file.toString()), Optional.empty(), 10, "is not a directory");
        assertInvalid(
                "acme/demo",
                Optional.empty(),
                List.of(root, twin.toString()),
                Optional.empty(),
                10,
                "two roots named 'src'");
        assertInvalid(
                "acme/demo",
                Optional.empty(),
                List.of(root),
                Optional.of(List.of("(unclosed")),
                10,
                "does not compile");
        assertInvalid(
                "acme/demo",
                Optional.empty(),
                List.of(root),
                Optional.of(List.of("no group")),
                10,
                "exactly one capture group");
        assertInvalid(
                "acme/demo",
                Optional.empty(),
                List.of(root),
                Optional.of(List.of("(a)(b)")),
                10,
                "exactly one capture group");
        assertInvalid("acme/demo", Optional.empty(), List.of(root), Optional.empty(), 0, "must be positive");
        assertInvalid(
                "acme/demo",
                Optional.empty(),
                List.of(".hidden=" + root),
                Optional.empty(),
                10,
                "must not start with '.'".replace("must not", "does not"));
    }

    private static void assertInvalid(
            String key,
            Optional<String> id,
            List<String> roots,
            Optional<List<String>> patterns,
            long max,
            String message) {
        assertThatThrownBy(() -> WorkspaceDefinitions.define(key, id, roots, patterns, max))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("taskgate.worker.workspaces.\"" + key + "\" is invalid: ")
                .hasMessageContaining(message);
    }
}
