package dev.taskgate.jobctl;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.UpstreamTools;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Upstream tools refreshed on {@code notifications/tools/list_changed} (docs/gateway.md "Discovery"), not only on
 * schedule: CountingUpstream (declares {@code tools.listChanged}) as a process of its own, registered through the
 * operator API with a refresh interval of an hour, so that every tool seen to come or go within the test came by the
 * notification on the {@code GET} stream job-control keeps open; that stream opened again after it ended and after
 * the upstream forgot the session (404, a new session); the listening ended with the registration; and a stand-in
 * that declares {@code listChanged} but answers the {@code GET} with 405, which stays on its schedule and is never
 * asked for a stream again.
 */
@QuarkusTest
class UpstreamToolListChangedTest {
    private static final String OPERATOR = "https://taskgate.local/dev operator-1";
    private static final String SECRET = "Bearer s3cret-list-changed-token";
    private static final String BASE = "/internal/v1/operator/upstreams";

    private static CountingUpstreamProcess counting;
    private static HttpServer noStream;
    private static final AtomicInteger noStreamGets = new AtomicInteger();
    private static final AtomicInteger noStreamListings = new AtomicInteger();
    private static volatile List<String> noStreamTools = List.of("echo");
    private static final List<String> logged = new CopyOnWriteArrayList<>();
    private static final Handler CAPTURE = new Handler() {
        @Override
        public void publish(LogRecord record) {
            logged.add(String.valueOf(record.getMessage()) + " " + java.util.Arrays.toString(record.getParameters()));
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    @Inject
    Pool pool;

    @BeforeAll
    static void startUpstreams() throws Exception {
        counting = CountingUpstreamProcess.start();
        noStream = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        noStream.createContext("/mcp", UpstreamToolListChangedTest::answerWithoutStream);
        noStream.start();
        Logger.getLogger("").addHandler(CAPTURE);
    }

    @AfterAll
    static void stopUpstreams() {
        Logger.getLogger("").removeHandler(CAPTURE);
        noStream.stop(0);
        counting.close();
    }

    @AfterEach
    void forgetRegistrations() {
        pool.preparedQuery("delete from jobctl.upstream_registration where workspace like 'org-lc-%'")
                .execute()
                .await()
                .indefinitely();
    }

    @Test
    void toolsComeAndGoOnTheAnnouncementWithoutWaitingForTheSchedule() throws Exception {
        String ws = project();
        String id = fresh();
        String ns = "ns" + id.substring(2);
        create(ws, body(id, ns, counting.url().toString(), "1h")).then().statusCode(201);
        await().atMost(WAIT).until(() -> toolNames().contains(ns + ".echo"));
        await().atMost(WAIT).until(() -> counting.streamsOpen() == 1);

        counting.addTool("late_one");
        await().atMost(WAIT).until(() -> toolNames().contains(ns + ".late_one"));
        // the stream that opened lists once; from here on only an announcement on it lists again
        counting.addTool("late_two");
        counting.removeTool("late_one");
        await().atMost(WAIT)
                .until(() ->
                        toolNames().contains(ns + ".late_two") && !toolNames().contains(ns + ".late_one"));
        assertThat(counting.streamsOpened()).as("one stream all along").isEqualTo(1);

        // the stream ends: it is opened again in the same session
        int sessions = counting.invocations("initialize");
        counting.endStreams();
        await().atMost(WAIT).until(() -> counting.streamsOpened() == 2 && counting.streamsOpen() == 1);
        counting.addTool("late_three");
        await().atMost(WAIT).until(() -> toolNames().contains(ns + ".late_three"));

        // the upstream forgets the session (as after a restart): 404 on the stream, a new session, a new stream
        counting.forgetSessions();
        counting.endStreams();
        await().atMost(WAIT).until(() -> counting.streamsOpened() == 3 && counting.streamsOpen() == 1);
        assertThat(counting.invocations("initialize")).as("a new session").isGreaterThan(sessions);
        counting.addTool("late_four");
        await().atMost(WAIT).until(() -> toolNames().contains(ns + ".late_four"));

        // deleted: nobody listens any more
        operator(ws, "DELETE", "/" + id).delete(BASE + "/" + id).then().statusCode(204);
        await().atMost(WAIT).until(() -> counting.streamsOpen() == 0);
        await().atMost(WAIT).until(() -> toolNames().stream().noneMatch(n -> n.startsWith(ns + ".")));
        assertThat(logged)
                .as("the log is seen")
                .anyMatch(line -> line.contains("Upstream session gone") && line.contains(id));
        assertThat(logged).noneMatch(line -> line.contains("s3cret"));
    }

    @Test
    void anUpstreamThatAnswersTheStream405StaysOnItsScheduleAndIsNotAskedAgain() {
        String ws = project();
        String id = fresh();
        String ns = "ns" + id.substring(2);
        noStreamTools = List.of("echo");
        create(ws, body(id, ns, "http://127.0.0.1:" + noStream.getAddress().getPort() + "/mcp", "1s"))
                .then()
                .statusCode(201);
        await().atMost(WAIT).until(() -> toolNames().contains(ns + ".echo"));
        await().atMost(WAIT).until(() -> noStreamGets.get() == 1);

        noStreamTools = List.of("echo", "late");
        await().atMost(WAIT).until(() -> toolNames().contains(ns + ".late"));
        int listings = noStreamListings.get();
        await().atMost(WAIT).until(() -> noStreamListings.get() >= listings + 3);

        assertThat(noStreamGets.get())
                .as("asked for a stream once, for this definition")
                .isEqualTo(1);
        assertThat(logged).anyMatch(line -> line.contains("offers no stream") && line.contains(id));
        operator(ws, "DELETE", "/" + id).delete(BASE + "/" + id).then().statusCode(204);
    }

    // initialize (announcing tool list changes), tools/list from noStreamTools, and 405 to every GET
    private static void answerWithoutStream(HttpExchange exchange) throws IOException {
        if ("GET".equals(exchange.getRequestMethod())) {
            noStreamGets.incrementAndGet();
            exchange.sendResponseHeaders(405, -1);
            exchange.close();
            return;
        }
        if (!"POST".equals(exchange.getRequestMethod())) {
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
            return;
        }
        JsonNode message = Wire.fromBytes(exchange.getRequestBody().readAllBytes(), JsonNode.class);
        String result;
        switch (message.path("method").asText()) {
            case "initialize" ->
                result = "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"tools\":{\"listChanged\":true}},"
                        + "\"serverInfo\":{\"name\":\"no-stream\",\"version\":\"1\"}}";
            case "tools/list" -> {
                noStreamListings.incrementAndGet();
                StringBuilder tools = new StringBuilder();
                for (String tool : noStreamTools) {
                    tools.append(tools.length() == 0 ? "" : ",")
                            .append("{\"name\":\"")
                            .append(tool)
                            .append("\",\"inputSchema\":{\"type\":\"object\"}}");
                }
                result = "{\"tools\":[" + tools + "]}";
            }
            default -> result = null;
        }
        if (result == null) {
            exchange.sendResponseHeaders(202, -1);
            exchange.close();
            return;
        }
        byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":" + message.get("id") + ",\"result\":" + result + "}")
                .getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.getResponseHeaders().add("Mcp-Session-Id", "s-1");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static String fresh() {
        return "u-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static String project() {
        return "org-lc-" + UUID.randomUUID() + "/p";
    }

    private static String body(String id, String namespace, String url, String refreshInterval) {
        return "{\"id\":\"" + id + "\",\"url\":\"" + url + "\",\"namespace\":\"" + namespace + "\","
                + "\"credential\":{\"header\":\"Authorization\",\"value\":\"" + SECRET + "\"},"
                + "\"connectTimeout\":\"2s\",\"callTimeout\":\"30s\",\"refreshInterval\":\"" + refreshInterval + "\"}";
    }

    private static io.restassured.specification.RequestSpecification operator(
            String workspace, String method, String path) {
        return SignedCalls.signed()
                .header(SignedCalls.PRINCIPAL, OPERATOR)
                .header(SignedCalls.WORKSPACE, workspace)
                .header(SignedCalls.ROUTE, method + " /v1/orgs/x/projects/y/operator/upstreams" + path);
    }

    private static Response create(String workspace, String body) {
        return operator(workspace, "POST", "")
                .contentType("application/json")
                .body(body.getBytes(StandardCharsets.UTF_8))
                .post(BASE);
    }

    private static Set<String> toolNames() {
        return Wire.fromBytes(
                        SignedCalls.signed()
                                .get("/internal/v1/catalog/upstream-tools")
                                .then()
                                .statusCode(200)
                                .extract()
                                .asByteArray(),
                        UpstreamTools.class)
                .byName()
                .keySet();
    }
}
