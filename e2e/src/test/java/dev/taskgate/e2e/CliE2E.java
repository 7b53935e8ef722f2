package dev.taskgate.e2e;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.restassured.RestAssured;

import dev.taskgate.cli.Io;
import dev.taskgate.cli.TaskgateCli;
import dev.taskgate.testsupport.Tokens;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The {@code taskgate} command line (tools/cli, docs/cli.md) against the packaged stack: a call with its progress
 * line and its exact result, detach and watch, cancel, input answered three ways, failures and refusals with their
 * exit codes, {@code --json} output, the tool list, a profile from a configuration file, and the operator commands. The packaged jar runs as
 * a process for a call and a refusal (its exit code is the process's); the other cases run its commands in this JVM
 * with their own streams and environment, since a JVM start per run took seconds each on a loaded machine. The cases
 * that need no real stack (rendering, every exit code, unreachable deployments) are CommandLineTest's.
 */
@ExtendWith(LocalStack.class)
class CliE2E {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration PROCESS_LIMIT = Duration.ofSeconds(120);
    private static final Pattern HANDLE = Pattern.compile("tgx_[A-Za-z0-9_-]+");

    private static String token;

    @TempDir
    Path dir;

    /** One finished run of the command line. */
    record Run(int exit, byte[] stdout, String stderr) {
        String out() {
            return new String(stdout, StandardCharsets.UTF_8);
        }

        JsonNode json() throws IOException {
            return JSON.readTree(stdout);
        }
    }

    @BeforeAll
    static void setUp() {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        token = Tokens.forSubject("cli-user")
                .org("acme")
                .project("demo")
                .scopes("tools:call", "tools:write", "webhooks:admin")
                .sign();
    }

    private Map<String, String> environment() {
        Map<String, String> env = new HashMap<>();
        env.put("TASKGATE_URL", LocalStack.get().frontendUrl());
        env.put(
                "TASKGATE_WEBHOOKS_URL",
                LocalStack.get().service("webhook-dispatcher").baseUrl());
        env.put("TASKGATE_TOKEN", token);
        return env;
    }

    private Run cli(String... args) throws Exception {
        return cli(environment(), "", args);
    }

    /**
     * Runs the command line in this JVM, as {@code TaskgateCli.main} does but with the streams and environment given
     * here: the same commands, HTTP client and output against the real stack, without a JVM start per run.
     */
    private Run cli(Map<String, String> env, String stdin, String... args) throws Exception {
        Map<String, String> environment = new HashMap<>(env);
        // no configuration file of the machine's user
        environment.put("HOME", dir.toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Io io = new Io(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                new BufferedReader(new StringReader(stdin)),
                false,
                environment);
        ExecutorService runner = Executors.newSingleThreadExecutor();
        try {
            Future<Integer> exit = runner.submit(() -> new TaskgateCli(io).run(args));
            return new Run(
                    exit.get(PROCESS_LIMIT.toSeconds(), TimeUnit.SECONDS),
                    out.toByteArray(),
                    err.toString(StandardCharsets.UTF_8));
        } catch (TimeoutException e) {
            throw new AssertionError("taskgate " + String.join(" ", args) + " did not end within " + PROCESS_LIMIT
                    + "; stderr: " + err.toString(StandardCharsets.UTF_8));
        } finally {
            runner.shutdownNow();
        }
    }

    /** Runs the packaged command line as a process, as {@code bin/taskgate} starts it. */
    private Run process(Map<String, String> env, String... args) throws Exception {
        Path jar = LocalStack.repo().resolve("tools/cli/target/taskgate-cli.jar");
        assertThat(jar).as("tools/cli is packaged before the system tests").exists();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-jar",
                jar.toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "stdout", ".bin");
        Path err = Files.createTempFile(dir, "stderr", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .redirectInput(Files.createTempFile(dir, "stdin", ".txt").toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("TASKGATE_"));
        builder.environment().put("HOME", dir.toString());
        builder.environment().remove("XDG_CONFIG_HOME");
        builder.environment().putAll(env);
        Process process = builder.start();
        if (!process.waitFor(PROCESS_LIMIT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("taskgate " + String.join(" ", args) + " did not end within " + PROCESS_LIMIT
                    + "; stderr: " + Files.readString(err));
        }
        return new Run(process.exitValue(), Files.readAllBytes(out), Files.readString(err));
    }

    private static String handleIn(String text) {
        Matcher matcher = HANDLE.matcher(text);
        assertThat(matcher.find()).as("an execution id in: %s", text).isTrue();
        return matcher.group();
    }

    private static byte[] restResult(String id) {
        return given().auth()
                .oauth2(token)
                .get(DemoExecutions.BASE + "/" + id + "/result")
                .then()
                .statusCode(200)
                .extract()
                .asByteArray();
    }

    @Test
    void callShowsProgressFromTheToolAndPrintsTheResultByteForByte() throws Exception {
        Run run = process(environment(), "call", "demo.sleep", "--input", "{\"seconds\": 4}");

        assertThat(run.exit()).as(run.stderr()).isZero();
        // not a terminal: one line per change, with the bar, the percentage and the tool's own message
        assertThat(run.stderr()).contains("%  working  slept 1 of 4 seconds").contains("100%  completed");
        String id = cli("--json", "executions", "list", "--limit", "1")
                .json()
                .at("/items/0/execution_id")
                .asText();
        assertThat(run.stdout()).isEqualTo(restResult(id));
        assertThat(run.json().path("isError").asBoolean()).isFalse();
    }

    @Test
    void detachPrintsTheIdAndWatchFollowsItToTheResult() throws Exception {
        Run detached = cli("call", "demo.echo", "--input", "{\"greeting\": \"hello\", \"n\": 1.50}", "--detach");
        assertThat(detached.exit()).as(detached.stderr()).isZero();
        String id = detached.out().strip();
        assertThat(id).matches(HANDLE);

        Run watched = cli("executions", "watch", id, "--quiet");
        assertThat(watched.exit()).as(watched.stderr()).isZero();
        assertThat(watched.stdout()).isEqualTo(restResult(id));
        assertThat(watched.json().path("structuredContent"))
                .isEqualTo(JSON.readTree("{\"greeting\":\"hello\",\"n\":1.5}"));

        Run got = cli("--json", "executions", "get", id);
        assertThat(got.json().path("status").asText()).isEqualTo("completed");
    }

    @Test
    void cancelStopsARunningExecutionAndWatchThenExitsWithThree() throws Exception {
        String id = cli("call", "demo.sleep", "--input", "{\"seconds\": 60}", "--detach")
                .out()
                .strip();
        // waited for through REST: each run of the command line is a JVM start
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(
                        () -> given().auth()
                                .oauth2(token)
                                .get(DemoExecutions.BASE + "/" + id)
                                .then()
                                .extract()
                                .<String>path("status"),
                        "working"::equals);

        Run cancelled = cli("--json", "executions", "cancel", id);
        assertThat(cancelled.exit()).as(cancelled.stderr()).isZero();
        assertThat(cancelled.json().path("execution_id").asText()).isEqualTo(id);

        Run watched = cli("executions", "watch", id);
        assertThat(watched.exit()).as(watched.stderr()).isEqualTo(3);
        assertThat(watched.stderr()).contains("was cancelled");
        assertThat(watched.stdout()).isEmpty();
    }

    @Test
    void inputIsAnsweredFromTheCommandLine() throws Exception {
        Run run = cli(
                "call",
                "demo.confirm",
                "--input",
                "{\"message\": \"Deploy build 812?\"}",
                "--input-response",
                "{\"action\": \"accept\", \"content\": {\"confirm\": true, \"note\": \"from a flag\"}}");

        assertThat(run.exit()).as(run.stderr()).isZero();
        assertThat(run.json().path("structuredContent").toString())
                .isEqualTo("{\"action\":\"accept\",\"content\":{\"confirm\":true,\"note\":\"from a flag\"}}");
        assertThat(run.stderr()).contains("input_required");
    }

    @Test
    void inputIsAskedInteractively() throws Exception {
        Run run = cli(
                environment(),
                "accept\ny\ntyped at the prompt\n",
                "call",
                "demo.confirm",
                "--input",
                "{\"message\": \"Deploy build 813?\"}",
                "--interactive");

        assertThat(run.exit()).as(run.stderr()).isZero();
        assertThat(run.stderr()).contains("Deploy build 813?").contains("Confirm (y/n)");
        assertThat(run.json().path("structuredContent").toString())
                .isEqualTo("{\"action\":\"accept\",\"content\":{\"confirm\":true,\"note\":\"typed at the prompt\"}}");
    }

    @Test
    void inputThatCannotBeAskedExitsWithSevenAndCanBeAnsweredLater() throws Exception {
        Run asked = cli("call", "demo.confirm", "--input", "{\"message\": \"Later?\"}", "--no-interactive");
        assertThat(asked.exit()).as(asked.stderr()).isEqualTo(7);
        assertThat(asked.stderr()).contains("asks for input (").contains(": Later?)");
        String id = handleIn(asked.stderr());
        Matcher key = Pattern.compile("--key (\\S+)").matcher(asked.stderr());
        assertThat(key.find()).as(asked.stderr()).isTrue();

        Run answered = cli("executions", "input", id, "--key", key.group(1), "--response", "{\"action\": \"decline\"}");
        assertThat(answered.exit()).as(answered.stderr()).isZero();

        Run watched = cli("executions", "watch", id, "--quiet");
        assertThat(watched.exit()).as(watched.stderr()).isZero();
        assertThat(watched.json().path("structuredContent").toString()).isEqualTo("{\"action\":\"decline\"}");
    }

    @Test
    void failuresAndRefusalsHaveTheirExitCodesAndClearMessages() throws Exception {
        Run toolError = cli("call", "demo.fail", "--input", "{\"message\": \"disk is full\"}", "--quiet");
        assertThat(toolError.exit()).isEqualTo(1);
        assertThat(toolError.json().path("isError").asBoolean()).isTrue();

        Run unknown = cli("call", "no.such.tool");
        assertThat(unknown.exit()).isEqualTo(4);
        assertThat(unknown.stderr()).contains("422 unknown-tool");

        Map<String, String> badToken = environment();
        badToken.put("TASKGATE_TOKEN", "not-a-jwt");
        Run unauthenticated = process(badToken, "executions", "list");
        assertThat(unauthenticated.exit()).isEqualTo(4);
        assertThat(unauthenticated.stderr()).contains("401").contains("The token was refused");
    }

    @Test
    void toolsAreListedWithTheirInputSchemas() throws Exception {
        Run json = cli("--json", "tools", "list");
        assertThat(json.exit()).as(json.stderr()).isZero();
        JsonNode sleep = null;
        for (JsonNode tool : json.json()) {
            if ("demo.sleep".equals(tool.path("name").asText())) {
                sleep = tool;
            }
        }
        assertThat(sleep).isNotNull();
        assertThat(sleep.at("/inputSchema/properties/seconds/type").asText()).isEqualTo("number");
    }

    @Test
    void aProfileFromTheConfigurationFileNamesTheDeploymentAndTheToken() throws Exception {
        Path tokenFile = Files.writeString(dir.resolve("token"), token + "\n");
        Path config = Files.writeString(
                dir.resolve("config.toml"),
                "default_profile = \"e2e\"\n[profiles.e2e]\nurl = \""
                        + LocalStack.get().frontendUrl() + "\"\n"
                        + "org = \"acme\"\nproject = \"demo\"\ntoken_file = \"" + tokenFile + "\"\n");

        Run run = cli(Map.of("TASKGATE_CONFIG", config.toString()), "", "--json", "executions", "list");

        assertThat(run.exit()).as(run.stderr()).isZero();
        assertThat(run.json().path("items").isArray()).isTrue();
    }

    @Test
    void anOperatorSeesAnotherPrincipalsExecutionAndTheAuditLogShowsTheRead() throws Exception {
        String id = cli("call", "demo.echo", "--input", "{\"greeting\": \"ops\"}", "--detach")
                .out()
                .strip();
        Map<String, String> operator = environment();
        operator.put(
                "TASKGATE_TOKEN",
                Tokens.forSubject("cli-operator")
                        .org("acme")
                        .project("demo")
                        .scopes("executions:operator:status")
                        .sign());

        Run got = cli(operator, "", "--json", "ops", "executions", "get", id);
        assertThat(got.exit()).as(got.stderr()).isZero();
        assertThat(got.json().path("owner").asText()).endsWith(" cli-user");
        assertThat(got.json().path("attempt").asInt()).isEqualTo(1);

        Run audit = cli(operator, "", "--json", "ops", "audit", "--limit", "5");
        assertThat(audit.exit()).as(audit.stderr()).isZero();
        assertThat(audit.json().path("items").findValuesAsText("target")).contains(id);

        Run payload = cli(operator, "", "ops", "executions", "payload", id);
        assertThat(payload.exit()).as("the payload needs its own scope").isEqualTo(4);
        assertThat(payload.stderr()).contains("403");
    }

    @Test
    void webhookSubscriptionsAreManaged() throws Exception {
        Run created = cli("--json", "webhooks", "create", "http://127.0.0.1:9/cli-hook", "--description", "cli");
        assertThat(created.exit()).as(created.stderr()).isZero();
        assertThat(created.json().path("secret").asText()).startsWith("whsec_");
        String id = created.json().path("id").asText();

        Run rotated = cli("--json", "webhooks", "rotate", id);
        assertThat(rotated.json().path("secret").asText())
                .isNotEqualTo(created.json().path("secret").asText());
        Run test = cli("--json", "webhooks", "test", id);
        assertThat(test.exit()).as(test.stderr()).isZero();
        assertThat(test.json().path("event_type").asText()).isEqualTo("webhook.test");
        assertThat(cli("webhooks", "delete", id).exit()).isZero();
    }
}
