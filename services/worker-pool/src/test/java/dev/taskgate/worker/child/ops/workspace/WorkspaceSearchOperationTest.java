package dev.taskgate.worker.child.ops.workspace;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.OperationStoppedException;
import dev.taskgate.worker.child.RecordingContext;

import static dev.taskgate.worker.child.ops.workspace.WorkspaceFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkspaceSearchOperationTest {
    @TempDir
    Path temp;

    WorkspaceFixture fixture;
    final WorkspaceSearchOperation operation = new WorkspaceSearchOperation();

    @BeforeEach
    void workspace() throws Exception {
        fixture = new WorkspaceFixture(temp);
    }

    @Test
    void findsLiteralMatchesWithPositionsRevisionAndCoverageAndStagesTheResult() throws Exception {
        RecordingContext context = new RecordingContext().over(fixture.workspace);

        String result = operation.run(json("{\"query\":\"helper\"}"), context);

        JsonNode structured = json(result).get("structuredContent");
        assertThat(structured.get("matches")).hasSize(3);
        assertThat(structured.get("matches").get(0).toString())
                .isEqualTo(
                        "{\"path\":\"docs/README.md\",\"line\":1,\"column\":6,\"text\":\"Call helper() from main.\"}");
        assertThat(structured.get("matches").get(1).path("path").asText()).isEqualTo("src/lib/util.h");
        assertThat(structured.get("matches").get(2).path("column").asInt()).isEqualTo(25);
        assertThat(structured.get("coverage").toString())
                .isEqualTo("{\"files_scanned\":3,\"files_skipped\":1,\"truncated\":false}");
        assertThat(structured.get("revision").asText()).startsWith("sha256:");
        assertThat(json(result).path("isError").asBoolean()).isFalse();
        assertThat(json(result).at("/content/0/text").asText())
                .startsWith("3 matches in 3 files (scanned 3, " + "skipped 1; revision sha256:")
                .contains("\nsrc/main.c:2:25: int main(void) { return helper(); }");
        assertThat(context.staged()).containsExactly(result);
    }

    @Test
    void honoursCaseRegexIncludeAndMaxResults() throws Exception {
        RecordingContext context = new RecordingContext().over(fixture.workspace);

        JsonNode insensitive = json(operation.run(
                        json("{\"query\":\"HELPER\",\"case_sensitive\":false," + "\"include\":\"src/**\"}"), context))
                .get("structuredContent");
        JsonNode regex = json(operation.run(json("{\"query\":\"[Hh]elper\\\\d\",\"mode\":\"regex\"}"), context))
                .get("structuredContent");
        JsonNode byName = json(operation.run(json("{\"query\":\"helper\",\"include\":\"*.md\"}"), context))
                .get("structuredContent");
        JsonNode limited = json(operation.run(json("{\"query\":\"helper\",\"max_results\":1}"), context))
                .get("structuredContent");

        assertThat(insensitive.get("matches"))
                .extracting(m -> m.get("path").asText())
                .containsExactly("src/lib/util.h", "src/lib/util.h", "src/main.c");
        assertThat(regex.get("matches"))
                .singleElement()
                .satisfies(m -> assertThat(m.get("text").asText()).isEqualTo("int Helper2(void);"));
        assertThat(byName.get("matches"))
                .extracting(m -> m.get("path").asText())
                .containsExactly("docs/README.md");
        assertThat(byName.at("/coverage/files_scanned").asInt()).isEqualTo(1);
        assertThat(limited.get("matches")).hasSize(1);
        assertThat(limited.at("/coverage/truncated").asBoolean()).isTrue();
    }

    @Test
    void theRevisionChangesWithWhatItReadsOnly() throws Exception {
        RecordingContext context = new RecordingContext().over(fixture.workspace);
        String first = revision(context, "{\"query\":\"helper\"}");
        assertThat(revision(context, "{\"query\":\"main\"}"))
                .as("same files read")
                .isEqualTo(first);

        Files.writeString(fixture.docs.resolve("README.md"), "Call helper() twice.\n");

        assertThat(revision(context, "{\"query\":\"helper\"}")).isNotEqualTo(first);
    }

    @Test
    void aBadRegexOrGlobIsAClearToolError() throws Exception {
        RecordingContext context = new RecordingContext().over(fixture.workspace);

        JsonNode badRegex = json(operation.run(json("{\"query\":\"(unclosed\",\"mode\":\"regex\"}"), context));
        JsonNode emptyRegex = json(operation.run(json("{\"query\":\"x*\",\"mode\":\"regex\"}"), context));
        JsonNode badGlob = json(operation.run(json("{\"query\":\"x\",\"include\":\"src/[\"}"), context));

        assertThat(badRegex.path("isError").asBoolean()).isTrue();
        assertThat(badRegex.at("/content/0/text").asText())
                .startsWith("invalid regex: Unclosed group")
                .endsWith("; nothing was searched");
        assertThat(emptyRegex.at("/content/0/text").asText()).contains("matches the empty text");
        assertThat(badGlob.at("/content/0/text").asText()).startsWith("invalid include glob");
        assertThat(context.staged()).isEmpty();
    }

    @Test
    void stopsAtASafePointAndNeedsAWorkspace() {
        RecordingContext stopped = new RecordingContext().over(fixture.workspace);
        stopped.requestStop();

        assertThatThrownBy(() -> operation.run(json("{\"query\":\"helper\"}"), stopped))
                .isInstanceOf(OperationStoppedException.class)
                .hasMessageContaining("stopped after searching 0 of");
        assertThatThrownBy(() -> operation.run(json("{\"query\":\"helper\"}"), new RecordingContext()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("runs only over a registered " + "workspace");
    }

    private String revision(RecordingContext context, String input) throws Exception {
        return json(operation.run(json(input), context))
                .at("/structuredContent/revision")
                .asText();
    }
}
