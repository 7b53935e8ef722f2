package dev.taskgate.e2e;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.e2e.Http.Reply;
import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 17 item 2: an upstream speaking the stateless 2026-07-28 generation, registered through the operator API with
 * {@code "protocol": "negotiate"} (discovery finds 2026-07-28), is listed and called through the packaged stack over
 * REST: a plain call with its exact result, a call the upstream turns into a task of the extension, an input round of
 * such a task answered over REST, and a call whose marked arguments must reach it as {@code Mcp-Param-*} headers —
 * each tool invoked once (the fixture, StatelessUpstream of tools/upstream-fixtures, runs as a process of its own and
 * counts its requests). The stack's CountingUpstream, registered with {@code negotiate} too, is found to speak
 * 2025-11-25 and called in it.
 */
@ExtendWith(LocalStack.class)
class GatewayStatelessUpstreamE2E {
    private static final String PROJECT =
            "gw-2026-" + UUID.randomUUID().toString().substring(0, 8);
    private static final String BASE = "/v1/orgs/acme/projects/" + PROJECT;

    private static FixtureProcess upstream;
    private static String operator;
    private static String namespace;
    private static String id;

    @BeforeAll
    static void register() throws Exception {
        upstream = FixtureProcess.start(LocalStack.repo());
        operator = Tokens.forSubject("ada")
                .org("acme")
                .project(PROJECT)
                .scopes("upstreams:admin", "tools:call", "tools:write")
                .sign();
        id = "s26-" + UUID.randomUUID().toString().substring(0, 8);
        namespace = id.replace("-", "_");
        Reply created = Http.rest(
                "POST", BASE + "/operator/upstreams", operator, null, """
                {"id": "%s", "url": "%s", "protocol": "negotiate", "namespace": "%s", "callTimeout": "60s"}
                """.formatted(id, upstream.url(), namespace));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> GatewayUpstreams.listedTools(operator).contains(namespace + ".slow"));
    }

    @AfterAll
    static void stop() {
        if (upstream != null) {
            upstream.close();
        }
    }

    @Test
    void aPlainCallReturnsTheUpstreamsResult() {
        String id = submit("echo", "{\"text\":\"héllo\",\"n\":2}");
        JsonNode done = finished(id);

        assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("completed");
        JsonNode result = result(id);
        assertThat(result.path("structuredContent").path("text").asText()).isEqualTo("héllo");
        assertThat(upstream.invocations("echo")).isEqualTo(1);
    }

    @Test
    void theMarkedArgumentsReachTheUpstreamAsParamHeaders() {
        String id = submit("route", "{\"region\":\"Zürich\",\"priority\":2}");
        JsonNode done = finished(id);

        assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("completed");
        JsonNode seen = result(id).path("structuredContent");
        assertThat(seen.path("Region").asText()).isEqualTo("=?base64?WsO8cmljaA==?=");
        assertThat(seen.path("Priority").asText()).isEqualTo("2");
        assertThat(upstream.invocations("route")).isEqualTo(1);
    }

    @Test
    void aNegotiatingUpstreamOfEitherGenerationIsCalledInTheOneDiscoveryFound() {
        assertThat(stateOf(id).path("protocol").asText()).isEqualTo("2026-07-28");
        String counting = "n25-" + UUID.randomUUID().toString().substring(0, 8);
        String countingNamespace = counting.replace("-", "_");
        Reply created = Http.rest("POST", BASE + "/operator/upstreams", operator, null, """
                {"id": "%s", "url": "%s", "protocol": "negotiate", "namespace": "%s", "callTimeout": "60s"}
                """.formatted(
                        counting, GatewayUpstreams.countingUrl(), countingNamespace));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> GatewayUpstreams.listedTools(operator).contains(countingNamespace + ".echo"));
        assertThat(stateOf(counting).path("protocol").asText()).isEqualTo("2025-11-25");

        Reply submitted = Http.rest(
                "POST",
                BASE + "/tool-executions",
                operator,
                "e2e-" + UUID.randomUUID(),
                "{\"tool_name\": \"" + countingNamespace + ".echo\", \"input\": {\"text\": \"hi\"}}");
        assertThat(submitted.status()).as(submitted.text()).isEqualTo(202);
        String execution = submitted.json().path("execution_id").asText();
        JsonNode done = finished(execution);

        assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("completed");
        assertThat(result(execution).path("structuredContent").path("text").asText())
                .isEqualTo("hi");
    }

    private static JsonNode stateOf(String upstreamId) {
        Reply shown = Http.rest("GET", BASE + "/operator/upstreams/" + upstreamId, operator, null, null);
        assertThat(shown.status()).as(shown.text()).isEqualTo(200);
        return shown.json().path("state");
    }

    @Test
    void aCallTheUpstreamTurnsIntoATaskCompletesWithTheTasksResultInvokedOnce() {
        String id = submit("slow", "{\"seconds\":0.5}");
        JsonNode done = finished(id);

        assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("completed");
        assertThat(result(id).path("content").path(0).path("text").asText()).isEqualTo("slept");
        assertThat(upstream.invocations("slow")).isEqualTo(1);
        assertThat(upstream.invocations("tasks/get")).isPositive();
    }

    @Test
    void theInputATaskAsksForIsAnsweredOverRest() {
        String id = submit("greet", "{}");
        String execution = BASE + "/tool-executions/" + id;
        JsonNode waiting = await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> Http.rest("GET", execution, operator, null, null).json(),
                        e -> e.path("status").asText().equals("input_required"));
        String key = waiting.path("input_requests").fieldNames().next();
        assertThat(waiting.path("input_requests")
                        .path(key)
                        .at("/params/message")
                        .asText())
                .isEqualTo("Whom shall I greet?");

        Reply answered = Http.rest("POST", execution + "/input", operator, null, """
                {"request_key": "%s", "response": {"action": "accept", "content": {"name": "Ada"}}}
                """.formatted(key));
        assertThat(answered.status()).as(answered.text()).isEqualTo(200);

        JsonNode done = finished(id);
        assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("completed");
        assertThat(result(id).path("content").path(0).path("text").asText()).isEqualTo("Hello, Ada!");
        assertThat(upstream.invocations("greet")).isEqualTo(1);
        assertThat(upstream.invocations("tasks/update")).isEqualTo(1);
    }

    private static String submit(String tool, String input) {
        Reply submitted = Http.rest(
                "POST",
                BASE + "/tool-executions",
                operator,
                "e2e-" + UUID.randomUUID(),
                "{\"tool_name\": \"" + namespace + "." + tool + "\", \"input\": " + input + "}");
        assertThat(submitted.status()).as(submitted.text()).isEqualTo(202);
        return submitted.json().path("execution_id").asText();
    }

    private static JsonNode finished(String id) {
        return await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> Http.rest("GET", BASE + "/tool-executions/" + id, operator, null, null)
                                .json(),
                        e -> List.of("completed", "failed", "cancelled")
                                .contains(e.path("status").asText()));
    }

    /** The fixture's {@code main} on a free loopback port; its counts from {@code GET /counts}. */
    private record FixtureProcess(Process process, URI url) implements AutoCloseable {
        private static final ObjectMapper JSON = new ObjectMapper();

        static FixtureProcess start(Path repo) throws Exception {
            Path fixtures = repo.resolve("tools/upstream-fixtures/target");
            String classpath = fixtures.resolve("classes")
                    + java.io.File.pathSeparator
                    + Files.readString(fixtures.resolve("runtime-classpath.txt"))
                            .strip();
            Process process = new ProcessBuilder(List.of(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-XX:TieredStopAtLevel=1",
                            "-XX:+UseSerialGC",
                            "-Xmx96m",
                            "-cp",
                            classpath,
                            "dev.taskgate.upstream.fixtures.StatelessUpstream",
                            "0"))
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            try {
                BufferedReader out =
                        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                String line = CompletableFuture.supplyAsync(() -> {
                            try {
                                return out.readLine();
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        })
                        .get(60, TimeUnit.SECONDS);
                return new FixtureProcess(process, URI.create(line.strip()));
            } catch (Exception e) {
                process.destroyForcibly();
                throw e;
            }
        }

        int invocations(String name) {
            try {
                HttpResponse<String> counts = HttpClient.newHttpClient()
                        .send(
                                HttpRequest.newBuilder(url.resolve("/counts"))
                                        .timeout(Duration.ofSeconds(10))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString());
                return JSON.readTree(counts.body()).path(name).asInt(0);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void close() {
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
        }
    }

    private static JsonNode result(String id) {
        return Http.rest("GET", BASE + "/tool-executions/" + id + "/result", operator, null, null)
                .json();
    }
}
