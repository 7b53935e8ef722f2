package dev.taskgate.examples.hoi4.focus;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.examples.hoi4.support.DirectoryWorkspace;
import dev.taskgate.examples.hoi4.support.RecordingContext;
import dev.taskgate.examples.hoi4.support.Results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class FocusProblemsTest {
    private static final String BROKEN = "mod/common/national_focus/broken.txt";

    @TempDir
    Path directory;

    private JsonNode inspect(String script, int maxFocuses) throws Exception {
        DirectoryWorkspace workspace = new DirectoryWorkspace("mod", directory).write(BROKEN, script);
        return Results.structured(new FocusInspectOperation()
                .call(
                        Results.JSON.createObjectNode().put("max_focuses", maxFocuses),
                        RecordingContext.over(workspace)));
    }

    @Test
    void reportsEveryKindOfProblem() throws Exception {
        JsonNode result = inspect("""
                focus_tree = {
                \tid = broken_tree
                \tshared_focus = SH_missing
                \tfocus = { id = B_a prerequisite = { focus = B_c } }
                \tfocus = { id = B_b prerequisite = { focus = B_a } }
                \tfocus = { id = B_c prerequisite = { focus = B_b } relative_position_id = B_d }
                \tfocus = { id = B_d relative_position_id = B_e }
                \tfocus = { id = B_e relative_position_id = B_d }
                \tfocus = { id = B_f prerequisite = { focus = B_nowhere } mutually_exclusive = { focus = B_ghost } relative_position_id = B_void }
                \tfocus = { id = B_a }
                \tfocus = { cost = 1 }
                \tfocus = { id = B_self prerequisite = { focus = B_self } }
                }
                focus_tree = { id = broken_tree focus = { id = B_a } }
                focus_tree = { country = { } }
                """, 1000);

        assertThat(result.get("problems"))
                .extracting(
                        p -> p.get("kind").asText(),
                        p -> p.get("subject").asText(),
                        p -> p.get("line").asInt())
                .containsExactlyInAnyOrder(
                        tuple("duplicate_id", "B_a", 10),
                        tuple("missing_id", "", 11),
                        tuple("duplicate_tree", "broken_tree", 14),
                        tuple("missing_id", "", 15),
                        tuple("unknown_shared_focus", "SH_missing", 1),
                        tuple("relative_position_cycle", "B_e", 8),
                        tuple("unknown_focus", "B_f", 9),
                        tuple("unknown_focus", "B_f", 9),
                        tuple("unknown_focus", "B_f", 9),
                        tuple("prerequisite_cycle", "B_a", 4),
                        tuple("prerequisite_cycle", "B_self", 12));
        assertThat(result.get("problems")).allMatch(p -> p.get("file").asText().equals(BROKEN));
        assertThat(messages(result, "unknown_focus"))
                .containsExactlyInAnyOrder(
                        "focus B_f requires B_nowhere, which is not in this tree",
                        "focus B_f is mutually exclusive with B_ghost, which is not in this tree",
                        "focus B_f is positioned relative to B_void, which is not in this tree");
        assertThat(messages(result, "prerequisite_cycle"))
                .anyMatch(m -> m.endsWith(": B_a, B_b, B_c"))
                .anyMatch(m -> m.endsWith(": B_self"));
        assertThat(messages(result, "relative_position_cycle"))
                .containsExactly("relative_position_id loops: B_c -> B_d -> B_e -> B_d");
        assertThat(messages(result, "duplicate_id"))
                .containsExactly("focus B_a is already defined at " + BROKEN + ":4");
    }

    @Test
    void keepsTheFirstDefinitionAndPlacesABrokenChainFromItsLastFocus() throws Exception {
        JsonNode tree = inspect("""
                focus_tree = {
                \tid = t
                \tfocus = { id = A x = 1 y = 1 }
                \tfocus = { id = A x = 9 y = 9 }
                \tfocus = { id = B relative_position_id = C x = 1 y = 0 }
                \tfocus = { id = C relative_position_id = B x = 2 y = 3 }
                \tfocus = { id = D relative_position_id = nowhere x = 4 y = 5 }
                }
                """, 1000).get("trees").get(0);

        assertThat(tree.get("focuses"))
                .extracting(
                        f -> f.get("id").asText(),
                        f -> f.get("x").asInt(),
                        f -> f.get("y").asInt())
                .containsExactly(tuple("A", 1, 1), tuple("B", 3, 3), tuple("C", 2, 3), tuple("D", 4, 5));
    }

    @Test
    void boundsTheProblemsToo() throws Exception {
        StringBuilder script = new StringBuilder("focus_tree = { id = t\n");
        for (int i = 0; i < 5; i++) {
            script.append("focus = { id = F").append(i).append(" prerequisite = { focus = missing } }\n");
        }
        JsonNode result = inspect(script.append("}").toString(), 5);

        assertThat(result.get("problems")).hasSize(5);
        assertThat(result.at("/coverage/focuses_returned").asInt()).isEqualTo(5);
        assertThat(result.at("/coverage/truncated").asBoolean()).isFalse();

        JsonNode fewer = inspect(script.toString(), 4);
        assertThat(fewer.get("problems")).hasSize(4);
        assertThat(fewer.at("/coverage/truncated").asBoolean()).isTrue();
    }

    @Test
    void findsNoCycleInALongChain() throws Exception {
        StringBuilder script = new StringBuilder("focus_tree = { id = long\nfocus = { id = F0 }\n");
        for (int i = 1; i < 5000; i++) {
            script.append("focus = { id = F")
                    .append(i)
                    .append(" relative_position_id = F")
                    .append(i - 1)
                    .append(" y = 1 prerequisite = { focus = F")
                    .append(i - 1)
                    .append(" } }\n");
        }
        JsonNode result = inspect(script.append("}").toString(), 5000);

        assertThat(result.get("problems")).isEmpty();
        assertThat(result.at("/trees/0/focuses/4999/y").asInt()).isEqualTo(4999);
        assertThat(result.at("/trees/0/edges")).hasSize(4999);
    }

    private static List<String> messages(JsonNode result, String kind) {
        List<String> messages = new ArrayList<>();
        result.get("problems").forEach(p -> {
            if (p.get("kind").asText().equals(kind)) {
                messages.add(p.get("message").asText());
            }
        });
        return messages;
    }
}
