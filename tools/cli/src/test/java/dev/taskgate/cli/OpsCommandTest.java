package dev.taskgate.cli;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code taskgate ops ...} against a scripted HTTP server: the operator routes they call, what they print. */
class OpsCommandTest {
    private static final String OPS = "/v1/orgs/acme/projects/demo/operator";
    private static final String EXECUTION =
            "{\"execution_id\":\"tgx_9\",\"owner\":\"alice\",\"tool_name\":\"demo.sleep\","
                    + "\"status\":\"completed\",\"surface\":\"rest\",\"attempt\":2,\"updated_at\":\"2026-12-03T10:00:00Z\","
                    + "\"recoveries\":[{\"lost_attempt\":1,\"detected_at\":\"2026-12-03T09:59:00Z\",\"cause\":\"owner_lost\","
                    + "\"outcome\":\"replaced\"}]}";

    private ScriptedApi api;
    private InMemoryRuns runs;

    @BeforeEach
    void start() throws Exception {
        api = new ScriptedApi();
        runs = new InMemoryRuns(api);
    }

    @AfterEach
    void stop() {
        api.close();
    }

    @Test
    void executionsListAsksForTheStatusAndPageAndShowsOwnersAndAttempts() {
        api.on("GET " + OPS + "/tool-executions", 200, "{\"items\":[" + EXECUTION + "],\"next_cursor\":\"c2\"}");

        assertThat(runs.run("", "ops", "executions", "list", "--status", "working", "--limit", "5"))
                .isEqualTo(ExitCodes.OK);

        assertThat(api.received().get(0).path()).isEqualTo(OPS + "/tool-executions?status=working&limit=5");
        assertThat(runs.stdout())
                .startsWith("EXECUTION  OWNER  TOOL        STATUS     SURFACE  ATTEMPT  UPDATED\n")
                .contains("tgx_9      alice  demo.sleep  completed  rest     2");
        assertThat(runs.stderr()).contains("more: --cursor c2");
    }

    @Test
    void executionsListSendsEveryFilterEncoded() {
        api.on("GET " + OPS + "/tool-executions", 200, "{\"items\":[]}");

        assertThat(runs.run(
                        "",
                        "ops",
                        "executions",
                        "list",
                        "--tool",
                        "demo.sleep",
                        "--principal",
                        "https://idp.example alice",
                        "--created-from",
                        "2026-12-04T10:00:00Z",
                        "--created-before",
                        "2026-12-04T11:00:00+01:00"))
                .isEqualTo(ExitCodes.OK);

        assertThat(api.received().get(0).path())
                .isEqualTo(OPS + "/tool-executions?tool=demo.sleep&principal=https%3A%2F%2Fidp.example+alice"
                        + "&created_from=2026-12-04T10%3A00%3A00Z&created_before=2026-12-04T11%3A00%3A00%2B01%3A00"
                        + "&limit=20");
    }

    @Test
    void anExecutionShowsItsReplacementHistoryAndJsonIsTheAnswerAsItCame() throws Exception {
        api.on("GET " + OPS + "/tool-executions/tgx_9", 200, EXECUTION);

        assertThat(runs.run("", "ops", "executions", "get", "tgx_9")).isEqualTo(ExitCodes.OK);
        assertThat(runs.stdout()).contains("attempt").contains("owner_lost").contains("replaced");

        runs.clearStdout();
        assertThat(runs.run("", "--json", "ops", "executions", "get", "tgx_9")).isEqualTo(ExitCodes.OK);
        assertThat(new ObjectMapper().readTree(runs.stdout())).isEqualTo(new ObjectMapper().readTree(EXECUTION));
    }

    @Test
    void payloadAndCancelCallTheirOwnRoutes() {
        api.on("GET " + OPS + "/tool-executions/tgx_9/payload", 200, "{\"input\":{\"seconds\":1}}")
                .on(
                        "POST " + OPS + "/tool-executions/tgx_9/cancel",
                        202,
                        "{\"execution_id\":\"tgx_9\",\"outcome\":\"stop_delivered\"}");

        assertThat(runs.run("", "ops", "executions", "payload", "tgx_9")).isEqualTo(ExitCodes.OK);
        assertThat(runs.run("", "ops", "executions", "cancel", "tgx_9")).isEqualTo(ExitCodes.OK);

        assertThat(runs.stdout()).contains("seconds").contains("stop_delivered");
        assertThat(api.received())
                .extracting(r -> r.method() + " " + r.path())
                .containsExactly(
                        "GET " + OPS + "/tool-executions/tgx_9/payload",
                        "POST " + OPS + "/tool-executions/tgx_9/cancel");
    }

    @Test
    void aTokenWithoutTheOperatorScopeIsRefusedWithFour() {
        api.on(
                "GET " + OPS + "/audit",
                403,
                "{\"type\":\"https://taskgate.dev/problems/insufficient-scope\",\"title\":\"Insufficient scope\","
                        + "\"status\":403,\"detail\":\"The token lacks executions:operator:status.\"}");

        assertThat(runs.run("", "ops", "audit")).isEqualTo(ExitCodes.REFUSED);
        assertThat(runs.stderr()).contains("403 insufficient-scope").contains("executions:operator:status");
        assertThat(runs.stdout()).isEmpty();
    }

    @Test
    void theAuditLogIsATable() {
        api.on(
                "GET " + OPS + "/audit",
                200,
                "{\"items\":[{\"id\":7,\"occurred_at\":\"2026-12-03T10:00:00Z\",\"principal\":\"ops-bob\","
                        + "\"action\":\"execution.cancel\",\"route\":\"POST ...\",\"target\":\"tgx_9\","
                        + "\"outcome\":\"allowed\"}]}");

        assertThat(runs.run("", "ops", "audit", "--limit", "1")).isEqualTo(ExitCodes.OK);

        assertThat(api.received().get(0).path()).isEqualTo(OPS + "/audit?limit=1");
        assertThat(runs.stdout())
                .contains("AT                    PRINCIPAL  ACTION            TARGET  OUTCOME")
                .contains("ops-bob    execution.cancel  tgx_9   allowed");
    }

    @Test
    void deadLettersAreListedAndReplayedOneByOneOrByRange() {
        String topic = "taskgate.worker-events.v1.dlq";
        api.on(
                        "GET " + OPS + "/dead-letters",
                        200,
                        "{\"items\":[{\"topic\":\"" + topic
                                + "\",\"partition\":0,\"offset\":12,\"message_type\":\"Finished\",\"reason\":\"poison\"}]}")
                .on(
                        "POST " + OPS + "/dead-letters/" + topic + "/0/12/replay",
                        200,
                        "{\"topic\":\"" + topic + "\",\"partition\":0,\"offset\":12,\"replays\":2}")
                .on(
                        "POST " + OPS + "/dead-letters/" + topic + "/0/replay",
                        200,
                        "{\"items\":[{\"topic\":\"" + topic + "\",\"partition\":0,\"offset\":12,\"replays\":1}]}");

        assertThat(runs.run("", "ops", "dead-letters", "list", "--topic", topic, "--partition", "0"))
                .isEqualTo(ExitCodes.OK);
        assertThat(runs.run("", "ops", "dead-letters", "replay", topic, "0", "12", "--force"))
                .isEqualTo(ExitCodes.OK);
        assertThat(runs.run("", "ops", "dead-letters", "replay", topic, "0", "--from", "10", "--to", "13"))
                .isEqualTo(ExitCodes.OK);

        assertThat(api.received())
                .extracting(ScriptedApi.Received::path)
                .containsExactly(
                        OPS + "/dead-letters?topic=" + topic + "&partition=0&limit=20",
                        OPS + "/dead-letters/" + topic + "/0/12/replay?force=true",
                        OPS + "/dead-letters/" + topic + "/0/replay?from=10&to=13");
        assertThat(runs.stdout()).contains("Finished").contains("poison").contains("REPLAYED TO");
    }

    @Test
    void aReplayNamesOneOffsetOrARangeNotBoth() {
        assertThat(runs.run("", "ops", "dead-letters", "replay", "t.dlq", "0", "12", "--from", "1", "--to", "2"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(runs.run("", "ops", "dead-letters", "replay", "t.dlq", "0")).isEqualTo(ExitCodes.USAGE);
        assertThat(api.received()).isEmpty();
    }

    @Test
    void upstreamsAreRegisteredReplacedRefreshedAndDeleted() throws Exception {
        String definition = "{\"id\":\"docs\",\"url\":\"https://mcp.example.com/mcp\",\"namespace\":\"docs\"}";
        String upstream = "{\"id\":\"docs\",\"source\":\"api\",\"revision\":1,\"state\":{\"namespace\":\"docs\","
                + "\"available\":false,\"tools\":0,\"problem\":\"not listed yet\"}}";
        api.on("POST " + OPS + "/upstreams", 201, upstream)
                .on("PUT " + OPS + "/upstreams/docs", 200, upstream)
                .on("POST " + OPS + "/upstreams/docs/refresh", 200, upstream)
                .on("DELETE " + OPS + "/upstreams/docs", 204, "")
                .on("GET " + OPS + "/upstreams", 200, "{\"items\":[" + upstream + "]}");

        assertThat(runs.run("", "ops", "upstreams", "create", "--definition", definition))
                .isEqualTo(ExitCodes.OK);
        assertThat(runs.run(definition, "ops", "upstreams", "update", "docs", "--definition", definition))
                .isEqualTo(ExitCodes.OK);
        assertThat(runs.run("", "ops", "upstreams", "refresh", "docs")).isEqualTo(ExitCodes.OK);
        assertThat(runs.run("", "ops", "upstreams", "delete", "docs")).isEqualTo(ExitCodes.OK);
        runs.clearStdout();
        assertThat(runs.run("", "ops", "upstreams", "list")).isEqualTo(ExitCodes.OK);

        assertThat(api.received())
                .extracting(r -> r.method() + " " + r.path())
                .containsExactly(
                        "POST " + OPS + "/upstreams",
                        "PUT " + OPS + "/upstreams/docs",
                        "POST " + OPS + "/upstreams/docs/refresh",
                        "DELETE " + OPS + "/upstreams/docs",
                        "GET " + OPS + "/upstreams");
        ObjectMapper json = new ObjectMapper();
        assertThat(json.readTree(api.received().get(0).body())).isEqualTo(json.readTree(definition));
        assertThat(json.readTree(api.received().get(1).body())).isEqualTo(json.readTree(definition));
        assertThat(runs.stderr()).contains("deleted docs");
        assertThat(runs.stdout())
                .startsWith("UPSTREAM  NAMESPACE  SOURCE  AVAILABLE  TOOLS  PROBLEM\n")
                .contains("docs      docs       api     false      0      not listed yet");
    }

    @Test
    void aDefinitionThatIsNotJsonOrAnIdThatIsNotOneSendsNothing() {
        assertThat(runs.run("", "ops", "upstreams", "create", "--definition", "{not json"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(runs.stderr()).contains("--definition: the argument is not JSON");
        assertThat(runs.run("", "ops", "upstreams", "delete", "../docs")).isEqualTo(ExitCodes.USAGE);
        assertThat(runs.stderr()).contains("Not an identifier: '../docs'");
        assertThat(api.received()).isEmpty();
    }

    @Test
    void opsAloneShowsItsCommands() {
        assertThat(runs.run("", "ops")).isEqualTo(ExitCodes.USAGE);
        assertThat(runs.stderr())
                .contains("executions")
                .contains("audit")
                .contains("dead-letters")
                .contains("upstreams");
    }
}
