package dev.taskgate.cli;

import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;

/** The commands end to end against a scripted HTTP server: what they send, print and exit with. */
class CommandLineTest {
    private static final String BASE = "/v1/orgs/acme/projects/demo/tool-executions";
    private static final String RESULT =
            "{\"content\":[{\"type\":\"text\",\"text\":\"slept 2 seconds\"}]," + "\"isError\":false}";

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

    private int run(String stdin, String... args) {
        return runs.run(stdin, args);
    }

    private static String execution(String status, String extra) {
        return "{\"execution_id\":\"tgx_1\",\"tool_name\":\"demo.sleep\",\"status\":\"" + status
                + "\",\"poll_interval_ms\":1" + extra + "}";
    }

    private String stdout() {
        return runs.stdout();
    }

    private String stderr() {
        return runs.stderr();
    }

    @Test
    void callShowsProgressAndPrintsTheResultExactly() throws Exception {
        api.on("POST " + BASE, 202, execution("queued", ""))
                .on("GET " + BASE + "/tgx_1", 200, execution("working", ",\"progress\":1,\"total\":2"))
                .on("GET " + BASE + "/tgx_1", 200, execution("completed", ",\"progress\":2,\"total\":2"))
                .on("GET " + BASE + "/tgx_1/result", 200, RESULT);

        int code = run("", "call", "demo.sleep", "--input", "{\"seconds\": 2.0}");

        assertThat(code).isEqualTo(ExitCodes.OK);
        assertThat(stdout()).isEqualTo(RESULT);
        assertThat(stderr()).contains("queued").contains(" 50%  working").contains("100%  completed");
        ScriptedApi.Received create = api.received().get(0);
        assertThat(new ObjectMapper().readTree(create.body()).toString())
                .isEqualTo("{\"tool_name\":\"demo.sleep\",\"input\":{\"seconds\":2.0}}");
        assertThat(create.headers().get("Idempotency-key").get(0)).startsWith("cli-");
        assertThat(create.headers().get("Authorization")).containsExactly("Bearer secret-token");
        // no event stream here (404): the command polled
        assertThat(api.received()).extracting(ScriptedApi.Received::path).contains(BASE + "/tgx_1/events");
    }

    @Test
    void callFollowsTheEventStreamWithoutPolling() {
        api.on("POST " + BASE, 202, execution("queued", ""))
                .on(
                        "GET " + BASE + "/tgx_1/events",
                        200,
                        "text/event-stream",
                        "event: status\ndata: " + execution("working", "") + "\n\n"
                                + ": keep-alive\n\n"
                                + "event: progress\ndata: {\"progress\":1,\"total\":2,\"message\":\"slept 1\"}\n\n"
                                + "event: status\ndata: " + execution("completed", ",\"progress\":2,\"total\":2")
                                + "\n\n")
                .on("GET " + BASE + "/tgx_1/result", 200, RESULT);

        int code = run("", "call", "demo.sleep", "--input", "{}");

        assertThat(code).isEqualTo(ExitCodes.OK);
        assertThat(stdout()).isEqualTo(RESULT);
        assertThat(stderr()).contains(" 50%  working  slept 1").contains("100%  completed");
        assertThat(api.received()).extracting(ScriptedApi.Received::path).doesNotContain(BASE + "/tgx_1");
        assertThat(api.received().stream().filter(r -> r.path().endsWith("/events")))
                .singleElement()
                .satisfies(r -> assertThat(r.headers().get("Accept")).containsExactly("text/event-stream"));
    }

    @Test
    void noCallReusesTheConnectionOfAnEventStream() {
        // The stream is closed as soon as its terminal event is read, which can race the client's return of the
        // same connection to its pool: a later call on it then failed with "EOF reached while reading" (CliE2E).
        api.on("POST " + BASE, 202, execution("queued", ""))
                .on(
                        "GET " + BASE + "/tgx_1/events",
                        200,
                        "text/event-stream",
                        "event: status\ndata: " + execution("completed", "") + "\n\n")
                .on("GET " + BASE + "/tgx_1", 200, execution("working", ""))
                .on("GET " + BASE + "/tgx_1/result", 200, RESULT);

        assertThat(run("", "call", "demo.sleep", "--quiet")).isEqualTo(ExitCodes.OK);
        assertThat(run("", "executions", "watch", "tgx_1", "--quiet")).isEqualTo(ExitCodes.OK);

        Set<Integer> streamConnections = api.received().stream()
                .filter(r -> r.path().endsWith("/events"))
                .map(ScriptedApi.Received::clientPort)
                .collect(Collectors.toSet());
        assertThat(streamConnections).hasSize(2);
        assertThat(api.received().stream().filter(r -> !r.path().endsWith("/events")))
                .extracting(ScriptedApi.Received::clientPort)
                .doesNotContainAnyElementsOf(streamConnections);
    }

    @Test
    void anInputRequestOnTheStreamWithoutAWayToAnswerExitsWithSeven() {
        api.on("POST " + BASE, 202, execution("queued", ""))
                .on(
                        "GET " + BASE + "/tgx_1/events",
                        200,
                        "text/event-stream",
                        "event: status\ndata: "
                                + execution(
                                        "input_required",
                                        ",\"input_requests\":{\"confirm-1\":{\"method\":"
                                                + "\"elicitation/create\",\"params\":{\"message\":\"Sure?\"}}}")
                                + "\n\n");

        assertThat(run("", "call", "demo.confirm", "--no-interactive", "--quiet"))
                .isEqualTo(ExitCodes.INPUT_REQUIRED);
        assertThat(stderr()).contains("confirm-1");
        assertThat(api.received()).extracting(ScriptedApi.Received::path).doesNotContain(BASE + "/tgx_1");
    }

    @Test
    void aStreamThatEndsAtOnceWithoutNewsFallsBackToPolling() {
        api.on("POST " + BASE, 202, execution("queued", ""))
                .on(
                        "GET " + BASE + "/tgx_1/events",
                        200,
                        "text/event-stream",
                        "event: status\ndata: " + execution("working", "") + "\n\n")
                .on("GET " + BASE + "/tgx_1", 200, execution("completed", ""))
                .on("GET " + BASE + "/tgx_1/result", 200, RESULT);

        assertThat(run("", "call", "demo.sleep", "--quiet")).isEqualTo(ExitCodes.OK);
        assertThat(stdout()).isEqualTo(RESULT);
        assertThat(api.received()).extracting(ScriptedApi.Received::path).containsOnlyOnce(BASE + "/tgx_1/events");
    }

    @Test
    void aResultWithIsErrorExitsWithOne() {
        api.on("POST " + BASE, 202, execution("completed", ""))
                .on("GET " + BASE + "/tgx_1/result", 200, "{\"content\":[],\"isError\":true}");

        assertThat(run("", "call", "demo.fail", "--quiet")).isEqualTo(ExitCodes.FAILED);
        assertThat(stdout()).isEqualTo("{\"content\":[],\"isError\":true}");
    }

    @Test
    void aFailedExecutionExitsWithOneAndItsMessage() {
        api.on("POST " + BASE, 202, execution("failed", ""))
                .on(
                        "GET " + BASE + "/tgx_1/result",
                        409,
                        "{\"type\":\"https://taskgate.dev/problems/execution-failed\",\"title\":\"Execution failed\","
                                + "\"detail\":\"the child exited abruptly\"}");

        assertThat(run("", "call", "demo.crash", "--quiet")).isEqualTo(ExitCodes.FAILED);
        assertThat(stdout()).isEmpty();
        assertThat(stderr()).contains("taskgate: Execution tgx_1 failed: the child exited abruptly");
    }

    @Test
    void aCancelledExecutionExitsWithThree() {
        api.on("POST " + BASE, 202, execution("cancelled", ""))
                .on(
                        "GET " + BASE + "/tgx_1/result",
                        409,
                        "{\"type\":\"https://taskgate.dev/problems/execution-cancelled\",\"title\":\"Cancelled\","
                                + "\"detail\":\"The execution was cancelled; it has no result.\"}");

        assertThat(run("", "call", "demo.sleep", "--quiet")).isEqualTo(ExitCodes.CANCELLED);
        assertThat(stderr()).contains("was cancelled");
    }

    @Test
    void aRefusedCreationShowsTheProblemAndExitsWithFour() {
        api.on(
                "POST " + BASE,
                422,
                "{\"type\":\"https://taskgate.dev/problems/invalid-input\",\"title\":\"Invalid input\","
                        + "\"detail\":\"The input does not match.\",\"errors\":[{\"pointer\":\"/input/seconds\","
                        + "\"message\":\"required\"}]}");

        assertThat(run("", "call", "demo.sleep")).isEqualTo(ExitCodes.REFUSED);
        assertThat(stderr())
                .contains("taskgate: Invalid input (422 invalid-input): The input does not match.")
                .contains("/input/seconds: required");
    }

    @Test
    void detachPrintsTheIdOrWithJsonTheExecution() {
        api.on("POST " + BASE, 202, execution("queued", ""));

        assertThat(run("", "call", "demo.sleep", "--detach")).isEqualTo(ExitCodes.OK);
        assertThat(stdout()).isEqualTo("tgx_1" + System.lineSeparator());
        runs.clearStdout();
        assertThat(run("", "--json", "call", "demo.sleep", "--detach")).isEqualTo(ExitCodes.OK);
        assertThat(stdout()).contains("\"execution_id\":\"tgx_1\"");
    }

    @Test
    void inputRequestsAreAnsweredOnceWithTheGivenResponse() throws Exception {
        String waiting = execution(
                "input_required",
                ",\"input_requests\":{\"confirm\":{\"method\":\"elicitation/create\",\"params\":{\"message\":\"Go?\"}}}");
        api.on("POST " + BASE, 202, waiting)
                .on("GET " + BASE + "/tgx_1", 200, waiting)
                .on("GET " + BASE + "/tgx_1", 200, execution("completed", ""))
                .on("POST " + BASE + "/tgx_1/input", 200, "{\"acknowledged\":true}")
                .on("GET " + BASE + "/tgx_1/result", 200, RESULT);

        int code = run(
                "",
                "call",
                "demo.confirm",
                "--quiet",
                "--input-response",
                "{\"action\":\"accept\",\"content\":{\"confirm\":true}}");

        assertThat(code).isEqualTo(ExitCodes.OK);
        assertThat(api.received().stream().filter(r -> r.path().endsWith("/input")))
                .singleElement()
                .satisfies(r -> assertThat(new ObjectMapper().readTree(r.body()).toString())
                        .isEqualTo("{\"request_key\":\"confirm\",\"response\":{\"action\":\"accept\","
                                + "\"content\":{\"confirm\":true}}}"));
    }

    @Test
    void inputRequiredWithoutAWayToAnswerExitsWithSevenAndSaysHow() {
        api.on(
                "POST " + BASE,
                202,
                execution(
                        "input_required",
                        ",\"input_requests\":{\"confirm\":{\"method\":\"elicitation/create\","
                                + "\"params\":{\"message\":\"Go?\"}}}"));

        assertThat(run("", "call", "demo.confirm", "--quiet")).isEqualTo(ExitCodes.INPUT_REQUIRED);
        assertThat(stderr()).contains("asks for input (confirm: Go?)").contains("taskgate executions input tgx_1");
    }

    @Test
    void jsonIsInheritedBySubcommandsAndListsArePrintedRaw() {
        String page = "{\"items\":[" + execution("working", ",\"progress\":1,\"total\":4") + "]}";
        api.on("GET " + BASE, 200, page);

        assertThat(run("", "executions", "list", "--json")).isEqualTo(ExitCodes.OK);
        assertThat(stdout()).isEqualTo(page + System.lineSeparator());
        runs.clearStdout();
        assertThat(run("", "executions", "list")).isEqualTo(ExitCodes.OK);
        assertThat(stdout())
                .startsWith("EXECUTION  TOOL        STATUS   PROGRESS  UPDATED")
                .contains("tgx_1      demo.sleep  working  25%");
    }

    @Test
    void resultOfARunningExecutionExitsWithEight() {
        api.on("GET " + BASE + "/tgx_1", 200, execution("working", ""))
                .on("GET " + BASE + "/tgx_1/result", 202, execution("working", ""));

        assertThat(run("", "executions", "result", "tgx_1")).isEqualTo(ExitCodes.NOT_FINISHED);
        assertThat(stderr()).contains("has not ended yet (working)");
    }

    @Test
    void anIdThatWouldChangeTheRouteIsRefusedBeforeAnyCall() {
        assertThat(run("", "executions", "get", "../../admin")).isEqualTo(ExitCodes.USAGE);
        assertThat(api.received()).isEmpty();
    }

    @Test
    void aWrongOptionIsAUsageError() {
        assertThat(run("", "call")).isEqualTo(ExitCodes.USAGE);
        assertThat(run("", "executions", "list", "--bogus")).isEqualTo(ExitCodes.USAGE);
        assertThat(run("", "call", "demo.echo", "--input", "{not json")).isEqualTo(ExitCodes.USAGE);
    }

    @Test
    void toolsListAsksTheMcpEndpointAndShowsTheInputFields() {
        api.on(
                "POST /mcp",
                200,
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[{\"name\":\"demo.sleep\",\"description\":"
                        + "\"Sleeps.\",\"inputSchema\":{\"type\":\"object\",\"required\":[\"seconds\"],"
                        + "\"properties\":{\"seconds\":{\"type\":\"number\"}}},"
                        + "\"_meta\":{\"dev.taskgate/taskPolicy\":\"optional\"}}]}}");

        assertThat(run("", "tools", "list")).isEqualTo(ExitCodes.OK);
        assertThat(stdout()).contains("demo.sleep  optional  seconds: number*").contains("Sleeps.");
        ScriptedApi.Received request = api.received().get(0);
        assertThat(request.headers().get("Mcp-method")).containsExactly("tools/list");
        assertThat(request.headers().get("Mcp-protocol-version")).containsExactly("2026-07-28");
    }

    @Test
    void completionPrintsABashScript() {
        assertThat(run("", "completion")).isEqualTo(ExitCodes.OK);
        assertThat(stdout())
                .startsWith("#!/usr/bin/env bash")
                .contains("executions")
                .contains("webhooks");
    }
}
