package dev.taskgate.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

import dev.taskgate.testsupport.DevDatabaseRoles;
import dev.taskgate.testsupport.Tokens;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 6 item 5: {@code workspace.search} and {@code workspace.rewrite} through the REST surface, over workspace
 * {@code acme/demo} that the worker-pool process registers from environment variables. The rewrite goes through the
 * transaction journal (one bound entry, pre-images kept in the root); a retry with the same key returns the same
 * execution and never applies it again; another project's workspace is not registered and nothing is read.
 */
@ExtendWith(LocalStack.class)
class WorkspaceRewriteE2E {
    private static final String BASE = "/v1/orgs/acme/projects/demo/tool-executions";
    private static final Duration SETTLE = Duration.ofSeconds(90);

    private static String token;

    @BeforeAll
    static void setUp() {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        token = Tokens.forSubject("workspace-e2e")
                .org("acme")
                .project("demo")
                .scopes("tools:call", "tools:write")
                .sign();
    }

    @Test
    void searchesRewritesThroughTheJournalAndARetryDoesNotApplyAgain() throws Exception {
        String dir = "e2e-" + UUID.randomUUID();
        String marker = "colour_" + dir.substring(4, 12);
        Path code = DemoExecutions.write(
                LocalStack.workspaceRoot("src").resolve(dir + "/paint.c"),
                "/* " + marker + " */\nint " + marker + " = 1;\n");
        Path doc = DemoExecutions.write(
                LocalStack.workspaceRoot("docs").resolve(dir + "/guide.md"), "Set the " + marker + ".\n");

        JsonPath search = DemoExecutions.result(
                token,
                submit(
                        "e2e-" + UUID.randomUUID(),
                        "workspace.search",
                        Map.of("query", marker, "include", "{src,docs}/" + dir + "/*")));
        assertThat(search.getBoolean("isError")).isFalse();
        assertThat(search.getList("structuredContent.matches.path"))
                .containsExactly("docs/" + dir + "/guide.md", "src/" + dir + "/paint.c", "src/" + dir + "/paint.c");
        assertThat(search.getInt("structuredContent.coverage.files_scanned")).isEqualTo(2);
        String revision = search.getString("structuredContent.revision");
        assertThat(revision).startsWith("sha256:");

        String key = "e2e-" + UUID.randomUUID();
        Map<String, Object> rewrite = Map.of(
                "search", marker, "replace", "color_" + dir.substring(4, 12), "include", "{src,docs}/" + dir + "/*");
        Response first = submit(key, "workspace.rewrite", rewrite);
        JsonPath applied = DemoExecutions.result(token, first);
        assertThat(applied.getBoolean("isError")).isFalse();
        String planHash = applied.getString("structuredContent.plan_hash");
        assertThat(applied.getList("structuredContent.files"))
                .containsExactly("docs/" + dir + "/guide.md", "src/" + dir + "/paint.c");
        String newMarker = "color_" + dir.substring(4, 12);
        assertThat(code).hasContent("/* " + newMarker + " */\nint " + newMarker + " = 1;\n");
        assertThat(doc).hasContent("Set the " + newMarker + ".\n");
        // the journal: one bound entry for the plan, the pre-images kept in each file's own root
        assertThat(journalEntries(planHash)).isEqualTo(1);
        Path kept = LocalStack.workspaceRoot("src").resolve(".taskgate-journal").resolve(planHash.substring(7));
        assertThat(kept.resolve(dir + "/paint.c")).hasContent("/* " + marker + " */\nint " + marker + " = 1;\n");
        assertThat(LocalStack.workspaceRoot("docs")
                        .resolve(".taskgate-journal")
                        .resolve(planHash.substring(7))
                        .resolve(dir + "/guide.md"))
                .hasContent("Set the " + marker + ".\n");

        // a retry with the same key and request: the same execution and outcome, nothing applied again
        Response retry = submit(key, "workspace.rewrite", rewrite);
        retry.then().statusCode(202).header("Idempotent-Replayed", "true");
        assertThat(retry.<String>path("execution_id")).isEqualTo(first.path("execution_id"));
        assertThat(DemoExecutions.result(token, retry).getString("structuredContent.plan_hash"))
                .isEqualTo(planHash);
        assertThat(code).hasContent("/* " + newMarker + " */\nint " + newMarker + " = 1;\n");
        assertThat(journalEntries(planHash)).isEqualTo(1);
        try (Stream<Path> plans = Files.list(kept.getParent())) {
            assertThat(plans.filter(p -> Files.exists(p.resolve(dir))).count())
                    .as("one plan ever touched " + dir)
                    .isEqualTo(1);
        }

        JsonPath after = DemoExecutions.result(
                token,
                submit(
                        "e2e-" + UUID.randomUUID(),
                        "workspace.search",
                        Map.of("query", marker, "include", "{src,docs}/" + dir + "/*")));
        assertThat(after.getList("structuredContent.matches")).isEmpty();
        assertThat(after.getString("structuredContent.revision"))
                .as("the source changed")
                .isNotEqualTo(revision);
    }

    @Test
    void aBlockedEditChangesNothingAndAnotherProjectHasNoWorkspace() throws Exception {
        String dir = "e2e-" + UUID.randomUUID();
        Path code = DemoExecutions.write(LocalStack.workspaceRoot("src").resolve(dir + "/twice.c"), "x = x;\n");

        JsonPath blocked = DemoExecutions.result(
                token,
                submit(
                        "e2e-" + UUID.randomUUID(),
                        "workspace.rewrite",
                        Map.of(
                                "edits",
                                List.of(Map.of("path", "src/" + dir + "/twice.c", "old_text", "x", "new_text", "y")))));
        assertThat(blocked.getBoolean("isError")).isTrue();
        assertThat(blocked.getString("content[0].text"))
                .contains("old_text occurs 2 times in src/" + dir + "/twice.c; it must match exactly once");
        assertThat(code).hasContent("x = x;\n");

        String other = Tokens.forSubject("workspace-e2e")
                .org("acme")
                .project("other")
                .scopes("tools:call")
                .sign();
        String id = given().auth()
                .oauth2(other)
                .header("Idempotency-Key", "e2e-" + UUID.randomUUID())
                .contentType(ContentType.JSON)
                .body(Map.of("tool_name", "workspace.search", "input", Map.of("query", "x")))
                .post("/v1/orgs/acme/projects/other/tool-executions")
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");
        String otherBase = "/v1/orgs/acme/projects/other/tool-executions/";
        await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> given().auth()
                                .oauth2(other)
                                .get(otherBase + id)
                                .then()
                                .statusCode(200)
                                .extract()
                                .<String>path("status"),
                        "failed"::equals);
        given().auth()
                .oauth2(other)
                .get(otherBase + id + "/result")
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body(
                        "detail",
                        org.hamcrest.Matchers.containsString("workspace acme/other is not registered on this "
                                + "worker; nothing was read or changed"));
    }

    private static Response submit(String key, String tool, Map<String, Object> input) {
        return given().auth()
                .oauth2(token)
                .header("Idempotency-Key", key)
                .contentType(ContentType.JSON)
                .body(Map.of("tool_name", tool, "input", input))
                .post(BASE);
    }

    private static long journalEntries(String planHash) throws SQLException {
        String url = LocalStack.jdbcUrl();
        try (Connection c = DevDatabaseRoles.JOBCTL.connect(url);
                PreparedStatement s =
                        c.prepareStatement("select count(*) from jobctl.transaction_journal where plan_hash = ?")) {
            s.setString(1, planHash);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        }
    }
}
