package dev.taskgate.examples.hoi4.event;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.examples.hoi4.support.DirectoryWorkspace;
import dev.taskgate.examples.hoi4.support.RecordingContext;
import dev.taskgate.examples.hoi4.support.Results;
import dev.taskgate.operation.api.ToolStoppedException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

class EventInspectOperationTest {
    private static final String GERMANY = "mod/events/germany.txt";
    private static final String OTHER = "mod/events/other.txt";

    private static final String GERMANY_EVENTS = """
            add_namespace = ger
            namespace = ger_news

            country_event = {
            \tid = ger.1
            \ttitle = ger.1.t
            \tis_triggered_only = yes
            \timmediate = {
            \t\tcountry_event = ger.2
            \t\tif = { limit = { tag = GER } news_event = { id = ger_news.1 days = 3 hours = 2 random_days = 1 } }
            \t}
            \toption = {
            \t\tname = ger.1.a
            \t\trandom_list = { 50 = { country_event = { id = ger.3 days = 10 } } 50 = { } }
            \t}
            \toption = {
            \t\tITA = { country_event = ger.2 }
            \t}
            }
            country_event = {
            \tid = ger.2
            \tfire_only_once = yes
            \toption = { name = ger.2.a country_event = ger.404 }
            }
            country_event = {
            \tid = ger.3
            \thidden = yes
            \ttrigger = { country_event = ger.1 } # a condition, not an effect: it fires nothing
            }
            news_event = {
            \tid = ger_news.1
            \ttitle = "The news"
            }
            state_event = { id = ger.4 }
            unit_leader_event = { id = ger.5 }
            operative_leader_event = { id = ger.6 }
            """;

    private static final String OTHER_EVENTS = """
            namespace = oth
            country_event = { id = oth.1 }
            country_event = { id = ger.1 }
            country_event = { title = untitled }
            country_event = { id = undeclared.1 option = { country_event = { days = 1 } } }
            """;

    private final EventInspectOperation operation = new EventInspectOperation();

    @TempDir
    Path directory;

    private DirectoryWorkspace germany() {
        return new DirectoryWorkspace("mod", directory).write(GERMANY, GERMANY_EVENTS);
    }

    private JsonNode inspect(DirectoryWorkspace workspace, ObjectNode input) throws Exception {
        return Results.structured(operation.call(input, RecordingContext.over(workspace)));
    }

    private static ObjectNode input() {
        return Results.JSON.createObjectNode();
    }

    @Test
    void readsEveryEventKindWithItsFlags() throws Exception {
        JsonNode result = inspect(germany(), input());

        assertThat(result.get("namespaces").toString()).isEqualTo("[\"ger\",\"ger_news\"]");
        assertThat(result.get("events"))
                .extracting(
                        e -> e.get("id").asText(),
                        e -> e.get("type").asText(),
                        e -> e.get("line").asInt())
                .containsExactly(
                        tuple("ger.1", "country_event", 4),
                        tuple("ger.2", "country_event", 20),
                        tuple("ger.3", "country_event", 25),
                        tuple("ger_news.1", "news_event", 30),
                        tuple("ger.4", "state_event", 34),
                        tuple("ger.5", "unit_leader_event", 35),
                        tuple("ger.6", "operative_leader_event", 36));
        JsonNode first = result.at("/events/0");
        assertThat(first.get("file").asText()).isEqualTo(GERMANY);
        assertThat(first.get("title").asText()).isEqualTo("ger.1.t");
        assertThat(first.get("is_triggered_only").asBoolean()).isTrue();
        assertThat(first.get("fire_only_once").asBoolean()).isFalse();
        assertThat(result.at("/events/1/fire_only_once").asBoolean()).isTrue();
        assertThat(result.at("/events/2/hidden").asBoolean()).isTrue();
        assertThat(result.at("/events/3/title").asText()).isEqualTo("The news");
        assertThat(result.at("/events/4").has("title")).isFalse();
    }

    @Test
    void findsWhichEventFiresWhichAtAnyDepthOfImmediateAndOptions() throws Exception {
        JsonNode result = inspect(germany(), input());

        assertThat(result.get("edges"))
                .extracting(
                        e -> e.get("from").asText(),
                        e -> e.get("to").asText(),
                        e -> e.get("via").asText(),
                        e -> e.get("line").asInt())
                .containsExactly(
                        tuple("ger.1", "ger.2", "immediate", 9),
                        tuple("ger.1", "ger_news.1", "immediate", 10),
                        tuple("ger.1", "ger.3", "option:ger.1.a", 14),
                        tuple("ger.1", "ger.2", "option:#2", 17),
                        tuple("ger.2", "ger.404", "option:ger.2.a", 23));
        assertThat(result.at("/edges/0").has("delay")).isFalse();
        assertThat(result.at("/edges/1/type").asText()).isEqualTo("news_event");
        assertThat(result.at("/edges/1/delay").toString()).isEqualTo("{\"days\":3,\"hours\":2,\"random_days\":1}");
        assertThat(result.at("/edges/2/delay").toString()).isEqualTo("{\"days\":10}");
        assertThat(result.at("/edges/0/file").asText()).isEqualTo(GERMANY);
    }

    @Test
    void rootsAreTheEventsNoEventFires() throws Exception {
        JsonNode result = inspect(germany(), input());

        assertThat(result.get("roots").toString()).isEqualTo("[\"ger.1\",\"ger.4\",\"ger.5\",\"ger.6\"]");
    }

    @Test
    void reportsUnknownDuplicateAndMissingIdsAndUndeclaredNamespaces() throws Exception {
        JsonNode result = inspect(germany().write(OTHER, OTHER_EVENTS), input());

        assertThat(result.get("problems"))
                .extracting(
                        p -> p.get("kind").asText(),
                        p -> p.get("subject").asText(),
                        p -> p.get("file").asText(),
                        p -> p.get("line").asInt())
                .containsExactly(
                        tuple("duplicate_id", "ger.1", OTHER, 3),
                        tuple("missing_id", "", OTHER, 4),
                        tuple("missing_id", "", OTHER, 5),
                        tuple("unknown_event", "ger.404", GERMANY, 23),
                        tuple("undeclared_namespace", "undeclared.1", OTHER, 5));
        assertThat(result.at("/problems/0/message").asText())
                .isEqualTo("event ger.1 is already defined at " + GERMANY + ":4");
        assertThat(result.at("/problems/2/message").asText())
                .contains("country_event effect in option:#1 without an id");
        assertThat(result.at("/problems/3/message").asText())
                .isEqualTo("event ger.2 fires ger.404 (option:ger.2.a), which no file defines");
        assertThat(result.get("events")).extracting(e -> e.get("id").asText()).containsOnlyOnce("ger.1");
    }

    @Test
    void filtersByNamespace() throws Exception {
        JsonNode result = inspect(germany().write(OTHER, OTHER_EVENTS), input().put("namespace", "ger_news"));

        assertThat(result.get("namespaces").toString()).isEqualTo("[\"ger_news\"]");
        assertThat(result.get("events")).extracting(e -> e.get("id").asText()).containsExactly("ger_news.1");
        assertThat(result.get("edges")).isEmpty();
        assertThat(result.get("roots")).isEmpty();
        assertThat(result.at("/coverage/events_found").asInt()).isEqualTo(1);
    }

    @Test
    void truncatesEventsAndEdgesAtMaxEvents() throws Exception {
        DirectoryWorkspace workspace = germany();

        JsonNode result = inspect(workspace, input().put("max_events", 2));

        assertThat(result).isEqualTo(inspect(workspace, input().put("max_events", 2)));
        assertThat(result.get("events")).extracting(e -> e.get("id").asText()).containsExactly("ger.1", "ger.2");
        assertThat(result.get("edges")).hasSize(2);
        assertThat(result.get("roots").toString()).isEqualTo("[\"ger.1\"]");
        assertThat(result.at("/coverage/events_found").asInt()).isEqualTo(7);
        assertThat(result.at("/coverage/events_returned").asInt()).isEqualTo(2);
        assertThat(result.at("/coverage/truncated").asBoolean()).isTrue();
        assertThat(inspect(workspace, input()).at("/coverage/truncated").asBoolean())
                .isFalse();
    }

    @Test
    void reportsCoverageAndProgressOfTheEventFiles() throws Exception {
        DirectoryWorkspace workspace = germany()
                .write("mod/events/broken.txt", "namespace = b\ncountry_event = { id = b.1 title = \"open\n}")
                .write("mod/events/readme.md", "not script")
                .write("mod/common/on_actions/on.txt", "on_actions = {");
        RecordingContext context = RecordingContext.over(workspace);

        JsonNode coverage = Results.structured(operation.call(input(), context)).get("coverage");

        assertThat(coverage.get("files_seen").asInt()).isEqualTo(2);
        assertThat(coverage.get("files_parsed").asInt()).isEqualTo(1);
        assertThat(coverage.at("/files_failed/0/file").asText()).isEqualTo("mod/events/broken.txt");
        assertThat(coverage.at("/files_failed/0/line").asInt()).isEqualTo(2);
        assertThat(coverage.at("/files_failed/0/column").asInt()).isEqualTo(36);
        assertThat(coverage.at("/files_failed/0/error").asText()).contains("unterminated string");
        assertThat(context.progress())
                .extracting(RecordingContext.Progress::message)
                .containsExactly("could not parse mod/events/broken.txt", "parsed " + GERMANY);
    }

    @Test
    void stopsBetweenFilesWhenAsked() {
        DirectoryWorkspace workspace = germany().write(OTHER, OTHER_EVENTS);
        RecordingContext context = RecordingContext.over(workspace).stopAfter(1);

        assertThatThrownBy(() -> operation.call(input(), context))
                .isInstanceOf(ToolStoppedException.class)
                .hasMessageContaining("stopped after 1 of 2 files in events");
        assertThat(workspace.reads()).containsExactly(GERMANY);
    }

    @Test
    void needsAWorkspace() throws Exception {
        String text = Results.errorText(operation.call(input(), RecordingContext.withoutWorkspace()));

        assertThat(text).contains("hoi4.event_inspect needs a registered workspace");
    }
}
