package dev.taskgate.e2e;

import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;

import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

import dev.taskgate.testsupport.Tokens;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 17 item 5: operation plug-ins on the packaged stack. The stack runs with the example plug-in
 * {@code examples/hoi4-pack} in its plug-in directory ({@link LocalStack#pluginsDirectory()}).
 */
@ExtendWith(LocalStack.class)
class PluginPackE2E {

    private static String token;

    @BeforeAll
    static void setUp() {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        token = Tokens.forSubject("plugin-e2e")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
    }

    @Test
    void theFocusTreeOfAModInTheWorkspaceIsInspectedAndRenderedThroughRest() throws Exception {
        String id = "e2e_" + UUID.randomUUID().toString().substring(0, 8);
        Path focus = LocalStack.workspaceRoot("src").resolve("common/national_focus");
        DemoExecutions.write(
                focus.resolve(id + ".txt"),
                "focus_tree = {\n"
                        + "  id = " + id + "_tree\n"
                        + "  focus = { id = " + id + "_army cost = 10 x = 2 y = 0 }\n"
                        + "  focus = { id = " + id + "_tanks cost = 5 relative_position_id = " + id
                        + "_army x = -1 y = 1\n"
                        + "    prerequisite = { focus = " + id + "_army } mutually_exclusive = { focus = " + id
                        + "_planes } }\n"
                        + "  focus = { id = " + id + "_planes x = 3 y = 1 prerequisite = { focus = " + id
                        + "_army } }\n"
                        + "}\n");
        DemoExecutions.write(focus.resolve(id + "_broken.txt"), "focus_tree = {\n  id = broken\n");

        JsonPath inspected = DemoExecutions.result(token, "hoi4.focus_inspect", Map.of("tree", id + "_tree"));

        assertThat(isError(inspected)).as(inspected.prettify()).isFalse();
        assertThat(inspected.getList("structuredContent.trees.id")).containsExactly(id + "_tree");
        assertThat(inspected.getList("structuredContent.trees[0].focuses.id"))
                .containsExactlyInAnyOrder(id + "_army", id + "_tanks", id + "_planes");
        assertThat(inspected.getInt("structuredContent.trees[0].focuses.find { it.id == '" + id + "_tanks' }.x"))
                .isEqualTo(1);
        assertThat(inspected.getList("structuredContent.trees[0].edges.to"))
                .containsExactlyInAnyOrder(id + "_tanks", id + "_planes");
        assertThat(inspected.getList("structuredContent.trees[0].mutually_exclusive[0]"))
                .containsExactlyInAnyOrder(id + "_tanks", id + "_planes");
        assertThat(inspected.getList("structuredContent.coverage.files_failed.file"))
                .contains("src/common/national_focus/" + id + "_broken.txt");

        JsonPath rendered = DemoExecutions.result(token, "hoi4.focus_render", Map.of("tree", id + "_tree"));
        assertThat(isError(rendered)).as(rendered.prettify()).isFalse();
        assertThat(rendered.getList("content.type")).contains("resource_link");
        String svgUri = rendered.getString("content.find { it.type == 'resource_link' }.uri");
        Response svg = given().auth().oauth2(token).get(URI.create(svgUri).getPath());
        svg.then().statusCode(200).header("Content-Type", org.hamcrest.Matchers.startsWith("image/svg+xml"));
        assertThat(new String(svg.asByteArray(), StandardCharsets.UTF_8))
                .contains(id + "_army", id + "_tanks", id + "_planes");
    }

    @Test
    void theEventChainOfAModIsInspectedOverMcpAndItsToolsAreListedWithTheirSchemas() throws Exception {
        String ns = "e2e" + UUID.randomUUID().toString().substring(0, 8);
        DemoExecutions.write(
                LocalStack.workspaceRoot("src").resolve("events/" + ns + ".txt"),
                "add_namespace = " + ns + "\n"
                        + "country_event = { id = " + ns + ".1 is_triggered_only = yes\n"
                        + "  immediate = { country_event = { id = " + ns + ".2 days = 3 } }\n"
                        + "  option = { name = " + ns + ".1.a news_event = " + ns + ".404 } }\n"
                        + "country_event = { id = " + ns + ".2 option = { name = ok } }\n");
        var mcp = LocalStack.get().mcp(token).v2026();

        JsonNode tools = mcp.request("tools/list").post().json().path("result").path("tools");
        List<String> names = new java.util.ArrayList<>();
        tools.forEach(tool -> names.add(tool.path("name").asText()));
        assertThat(names).contains("hoi4.focus_inspect", "hoi4.focus_render", "hoi4.event_inspect", "demo.echo");

        JsonNode result = mcp.toolCall("hoi4.event_inspect", Map.of("namespace", ns))
                .post()
                .json()
                .path("result");

        assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
        JsonNode report = result.path("structuredContent");
        assertThat(report.path("events").findValuesAsText("id")).containsExactly(ns + ".1", ns + ".2");
        assertThat(report.path("edges").get(0).path("to").asText()).isEqualTo(ns + ".2");
        assertThat(report.path("edges").get(0).path("delay").path("days").asInt())
                .isEqualTo(3);
        assertThat(report.path("roots").toString()).isEqualTo("[\"" + ns + ".1\"]");
        assertThat(report.path("problems").get(0).path("kind").asText()).isEqualTo("unknown_event");

        // the plug-in's input schema is enforced at the edge like a built-in operation's
        JsonNode refused = mcp.toolCall("hoi4.event_inspect", Map.of("max_events", 0))
                .post()
                .json();
        assertThat(refused.path("error").path("code").asInt()).isEqualTo(-32602);
    }

    @Test
    void aWorkerWhosePluginsDoNotMatchTheirCatalogRefusesToStart() throws Exception {
        Path plugins = Files.createDirectories(
                LocalStack.repo().resolve("e2e/target/mismatched-plugins-" + UUID.randomUUID()));
        writeJarDeclaring(plugins.resolve("mismatched.jar"), "mismatch.missing");

        ServiceProcess worker = LocalStack.get()
                .spawn(
                        "worker-pool",
                        "worker-pool-mismatched-plugins",
                        Map.of(
                                "TASKGATE_PLUGINS_DIRECTORY",
                                plugins.toString(),
                                // no broker: this instance must not join the stack's consumer groups on its way down
                                "TASKGATE_KAFKA_BOOTSTRAP",
                                "127.0.0.1:1"));

        OptionalInt exit = worker.awaitExit(Duration.ofSeconds(120));
        assertThat(exit).as("the worker stops by itself").isPresent();
        assertThat(exit.getAsInt()).isNotZero();
        assertThat(Files.readString(worker.log()))
                .contains("worker children refused")
                .contains("plug-in catalog entry mismatch.missing has no implementation");
    }

    /** A result's {@code isError}; absent means {@code false}. */
    private static boolean isError(JsonPath result) {
        return Boolean.TRUE.equals(result.get("isError"));
    }

    private static void writeJarDeclaring(Path jar, String toolName) throws Exception {
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry("META-INF/taskgate/operations.json"));
            out.write(("{\"operations\": [{\"name\": \"" + toolName
                            + "\", \"version\": \"1\", \"mutating\": false, \"inputSchema\": {\"type\": \"object\"}}]}")
                    .getBytes(StandardCharsets.UTF_8));
        }
    }
}
