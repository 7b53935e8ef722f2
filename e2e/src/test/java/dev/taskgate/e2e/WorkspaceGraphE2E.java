package dev.taskgate.e2e;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

import dev.taskgate.testsupport.Tokens;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 6 item 5: {@code workspace.inspect}, {@code workspace.render} and {@code workspace.compare} through the REST
 * surface over workspace {@code acme/demo} (registered by the worker-pool process from environment variables): bounded
 * pages with coverage and continuation cursors, a page refused after a source edit, the graph retained and rendered as
 * SVG/DOT artifacts readable over REST, and a retained revision compared with the current files.
 */
@ExtendWith(LocalStack.class)
class WorkspaceGraphE2E {

    private static String token;

    @BeforeAll
    static void setUp() {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        token = Tokens.forSubject("graph-e2e")
                .org("acme")
                .project("demo")
                .scopes("tools:call")
                .sign();
    }

    @Test
    void pagesRendersAndComparesTheReferenceGraphOfTheWorkspace() throws Exception {
        String dir = "e2e-" + UUID.randomUUID();
        DemoExecutions.write(
                LocalStack.workspaceRoot("docs").resolve(dir + "/guide.md"), "See [main](/" + dir + "/main.c).\n");
        DemoExecutions.write(
                LocalStack.workspaceRoot("src").resolve(dir + "/main.c"),
                "#include \"a.h\"\n#include \"b.h\"\n#include \"gone.h\"\n");
        Path a = DemoExecutions.write(LocalStack.workspaceRoot("src").resolve(dir + "/a.h"), "#include \"c.h\"\n");
        DemoExecutions.write(LocalStack.workspaceRoot("src").resolve(dir + "/b.h"), "// leaf\n");
        DemoExecutions.write(LocalStack.workspaceRoot("src").resolve(dir + "/c.h"), "// <leaf & \"quoted\">\n");
        Map<String, Object> query = new HashMap<>(Map.of(
                "start",
                List.of("docs/" + dir + "/guide.md"),
                "depth",
                3,
                "max_nodes",
                2,
                "max_edges",
                2,
                "helper_expansion",
                true));

        JsonPath first = DemoExecutions.result(token, "workspace.inspect", query);
        assertThat(first.getBoolean("isError")).isFalse();
        assertThat(first.getList("structuredContent.nodes.path"))
                .containsExactly("docs/" + dir + "/guide.md", "src/" + dir + "/main.c");
        assertThat(first.getInt("structuredContent.coverage.nodes_discovered")).isEqualTo(5);
        assertThat(first.getInt("structuredContent.coverage.edges_discovered")).isEqualTo(5);
        assertThat(first.getBoolean("structuredContent.coverage.truncated")).isTrue();
        assertThat(first.getString("structuredContent.coverage.reason")).isEqualTo("max_nodes");
        assertThat(first.getBoolean("structuredContent.retained.retained")).isTrue();
        String graphId = first.getString("structuredContent.graph_id");
        String revision = first.getString("structuredContent.revision");

        query.put("cursor", first.getString("structuredContent.next_cursor"));
        JsonPath second = DemoExecutions.result(token, "workspace.inspect", query);
        assertThat(second.getList("structuredContent.nodes.path"))
                .containsExactly("src/" + dir + "/a.h", "src/" + dir + "/b.h");
        assertThat(second.getString("structuredContent.revision")).isEqualTo(revision);

        JsonPath render =
                DemoExecutions.result(token, "workspace.render", Map.of("graph_id", graphId, "revision", revision));
        assertThat(render.getList("content.type")).containsExactly("text", "resource_link", "resource_link");
        String svgPath = render.getString("structuredContent.artifacts[0].path");
        assertThat(render.getString("content[1].uri")).endsWith(svgPath);
        Response svg = given().auth().oauth2(token).get(svgPath);
        svg.then().statusCode(200).header("Content-Type", org.hamcrest.Matchers.startsWith("image/svg+xml"));
        assertThat(new String(svg.asByteArray(), StandardCharsets.UTF_8))
                .startsWith("<?xml")
                .contains("src/" + dir + "/c.h")
                .contains("? gone.h");
        Response dot = given().auth().oauth2(token).get(render.getString("structuredContent.artifacts[1].path"));
        dot.then().statusCode(200);
        assertThat(new String(dot.asByteArray(), StandardCharsets.UTF_8))
                .contains("\"src/" + dir + "/main.c\" -> \"src/" + dir + "/a.h\";");

        // a file read for the earlier pages changes: the next page is refused, nothing is mixed
        Files.writeString(a, "#include \"b.h\"\n");
        query.put("cursor", second.getString("structuredContent.next_cursor"));
        JsonPath refused = DemoExecutions.result(token, "workspace.inspect", query);
        assertThat(refused.getBoolean("isError")).isTrue();
        assertThat(refused.getString("content[0].text"))
                .startsWith("the workspace changed since this page; start " + "again");

        JsonPath diff = DemoExecutions.result(
                token, "workspace.compare", Map.of("graph_id", graphId, "base", revision, "head", "current"));
        assertThat(diff.getBoolean("isError")).isFalse();
        assertThat(diff.getList("structuredContent.removed_nodes")).containsExactly("src/" + dir + "/c.h");
        assertThat(diff.getList("structuredContent.added_edges.to")).containsExactly("src/" + dir + "/b.h");
        String head = diff.getString("structuredContent.head.revision");
        assertThat(head).isNotEqualTo(revision);

        // both revisions are retained now: comparing them again needs no workspace read, and a missing one is refused
        JsonPath again = DemoExecutions.result(
                token, "workspace.compare", Map.of("graph_id", graphId, "base", revision, "head", head));
        assertThat(again.getList("structuredContent.removed_nodes")).containsExactly("src/" + dir + "/c.h");
        JsonPath missing = DemoExecutions.result(
                token, "workspace.compare", Map.of("graph_id", graphId, "base", "sha256:" + "0".repeat(64)));
        assertThat(missing.getBoolean("isError")).isTrue();
        assertThat(missing.getString("content[0].text")).contains("is retained at revision sha256:000");
    }

    @Test
    void badInputIsRefusedBeforeAnythingRuns() {
        given().auth()
                .oauth2(token)
                .header("Idempotency-Key", "e2e-" + UUID.randomUUID())
                .contentType(ContentType.JSON)
                .body(Map.of("tool_name", "workspace.inspect", "input", Map.of("depth", 33)))
                .post(DemoExecutions.BASE)
                .then()
                .statusCode(422)
                .contentType("application/problem+json");
    }
}
