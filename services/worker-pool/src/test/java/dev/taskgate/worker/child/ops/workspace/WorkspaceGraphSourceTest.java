package dev.taskgate.worker.child.ops.workspace;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.worker.child.workspace.Workspace;
import dev.taskgate.worker.child.workspace.WorkspaceRoot;

import static org.assertj.core.api.Assertions.assertThat;

/** workspace.inspect over a real registered {@link Workspace}: what the listing leaves out is stated. */
class WorkspaceGraphSourceTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aFileOverTheSizeLimitIsCountedAsSkippedAndItsReferenceDangles() throws Exception {
        Files.writeString(dir.resolve("main.c"), "#include \"big.h\"\n#include \"small.h\"\n");
        Files.writeString(dir.resolve("small.h"), "// ok\n");
        Files.writeString(dir.resolve("big.h"), "//" + "x".repeat(200) + "\n");
        Workspace workspace = new Workspace(
                "acme/demo",
                List.of(new WorkspaceRoot("src", dir.toRealPath())),
                Workspace.compile("acme/demo", Workspace.DEFAULT_REFERENCE_PATTERNS),
                100);

        JsonNode result = MAPPER.readTree(new InspectOperation(context -> new WorkspaceGraphSource(workspace))
                .run(
                        MAPPER.readTree("{\"start\":[\"src/main.c\"],\"depth\":1}"),
                        new ArtifactContext(ArtifactContext.newStore())));

        JsonNode coverage = result.at("/structuredContent/coverage");
        assertThat(coverage.path("files_skipped").asInt()).isEqualTo(1);
        assertThat(coverage.path("listing_truncated").asBoolean()).isFalse();
        assertThat(coverage.path("files_total").asInt()).isEqualTo(2);
        assertThat(result.at("/structuredContent/edges").findValuesAsText("ref"))
                .containsExactly("small.h", "big.h");
        assertThat(result.at("/structuredContent/edges/1/dangling").asBoolean()).isTrue();
        assertThat(result.at("/structuredContent/graph_id").asText()).startsWith("g-");
        assertThat(result.at("/structuredContent/revision").asText()).startsWith("sha256:");
    }
}
