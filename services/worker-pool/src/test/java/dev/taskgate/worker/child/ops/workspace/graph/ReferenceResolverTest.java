package dev.taskgate.worker.child.ops.workspace.graph;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ReferenceResolverTest {
    private final ReferenceResolver resolver = new ReferenceResolver(
            Set.of("src/a/main.c", "src/a/util.h", "src/lib.h", "inc/lib.h", "inc/only.h", "docs/guide.md"),
            List.of("src", "inc", "docs"));

    @Test
    void resolvesRelativeToTheReferencingFileFirst() {
        assertThat(resolver.resolve("src/a/main.c", "util.h")).contains("src/a/util.h");
        assertThat(resolver.resolve("src/a/main.c", "../lib.h")).contains("src/lib.h");
        assertThat(resolver.resolve("src/a/main.c", "./util.h")).contains("src/a/util.h");
    }

    @Test
    void thenRelativeToEachRootInOrder() {
        assertThat(resolver.resolve("src/a/main.c", "lib.h")).contains("src/lib.h");
        assertThat(resolver.resolve("src/a/main.c", "only.h")).contains("inc/only.h");
        assertThat(resolver.resolve("docs/guide.md", "/only.h")).contains("inc/only.h");
    }

    @Test
    void stripsFragmentsAndQueries() {
        assertThat(resolver.resolve("src/a/main.c", "util.h#section")).contains("src/a/util.h");
        assertThat(resolver.resolve("src/a/main.c", "util.h?x=1")).contains("src/a/util.h");
    }

    @Test
    void leavesUnknownEscapingAndExternalReferencesUnresolved() {
        assertThat(resolver.resolve("src/a/main.c", "missing.h")).isEmpty();
        assertThat(resolver.resolve("src/a/main.c", "../../../etc/passwd")).isEmpty(); // not-a-repo-path
        assertThat(resolver.resolve("src/a/main.c", "https://example.com/lib.h"))
                .isEmpty();
        assertThat(resolver.resolve("src/a/main.c", "a\\util.h")).isEmpty();
        assertThat(resolver.resolve("src/a/main.c", "#top")).isEmpty();
    }

    @Test
    void aDotDotThatLeavesTheRootIsNotResolvedAgainstAnotherRoot() {
        // "../inc/only.h" from src/ would leave the src root: never reinterpreted as a path into inc/
        assertThat(resolver.resolve("src/lib.h", "../inc/only.h")).isEmpty();
    }
}
