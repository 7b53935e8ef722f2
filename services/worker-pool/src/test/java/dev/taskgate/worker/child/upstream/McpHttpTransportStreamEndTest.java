package dev.taskgate.worker.child.upstream;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;

import dev.taskgate.testsupport.PeerAnswers;
import dev.taskgate.worker.child.RecordingContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Closing an answer stream against a real HTTP server on loopback: a stream the upstream ends after its answer is read
 * to its end, so its connection goes back to the client's pool whole (cutting it while its end was arriving could leave
 * a closed connection there, and the next request on it failed with "EOF reached while reading"); a stream the
 * upstream leaves open is cut after the grace, and the next request gets a connection of its own.
 */
class McpHttpTransportStreamEndTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String ANSWER = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[]}}";

    private final List<Integer> clientPorts = new CopyOnWriteArrayList<>();
    private final AtomicInteger requests = new AtomicInteger();
    private final CountDownLatch testOver = new CountDownLatch(1);
    private HttpServer server;

    @AfterEach
    void stop() {
        testOver.countDown();
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void aStreamTheUpstreamEndsAfterItsAnswerIsReadToItsEndAndItsConnectionServesTheNextRequest() throws Exception {
        // the stream's end follows its answer 100 ms later, as if still on its way when the answer is read
        start(() -> PeerAnswers.pause(Duration.ofMillis(100)));
        McpHttpTransport transport = transport(Duration.ofSeconds(10));

        answerOf(transport);
        answerOf(transport);

        assertThat(clientPorts).hasSize(2);
        assertThat(clientPorts.get(1)).as("the second request's connection").isEqualTo(clientPorts.get(0));
    }

    @Test
    void aStreamTheUpstreamLeavesOpenIsCutAfterTheGrace() throws Exception {
        start(() -> PeerAnswers.holdUntil(testOver, Duration.ofSeconds(60)));
        McpHttpTransport transport = transport(Duration.ofMillis(200));

        answerOf(transport);
        answerOf(transport);

        assertThat(clientPorts).hasSize(2);
        assertThat(clientPorts.get(1)).as("the second request's connection").isNotEqualTo(clientPorts.get(0));
    }

    // The first request is answered on an event stream, and beforeTheEnd runs before its end; the others with JSON.
    private void start(Runnable beforeTheEnd) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/mcp", exchange -> {
            exchange.getRequestBody().readAllBytes();
            clientPorts.add(exchange.getRemoteAddress().getPort());
            if (requests.incrementAndGet() > 1) {
                PeerAnswers.json(exchange, ANSWER);
                return;
            }
            PeerAnswers.eventThenEnd(exchange, ANSWER, beforeTheEnd);
        });
        server.start();
    }

    private McpHttpTransport transport(Duration endGrace) {
        UpstreamTarget target = UpstreamTarget.fromJson(MAPPER.createObjectNode()
                .put("id", "up")
                .put("url", "http://127.0.0.1:" + server.getAddress().getPort() + "/mcp")
                .put("protocol", "2025-11-25")
                .put("tool", "t"));
        return new McpHttpTransport(target, new RecordingContext(), endGrace);
    }

    // Sends a call and reads until its answer, then closes the answer as McpSession does.
    private static void answerOf(McpHttpTransport transport) throws Exception {
        ObjectNode call = MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", 1);
        call.put("method", "tools/call");
        McpTransport.Incoming incoming =
                transport.send(call, "tools/call", Deadline.after(Duration.ofSeconds(30)), false);
        try {
            StreamItem item = incoming.poll(Duration.ofSeconds(30));
            assertThat(item).isInstanceOf(StreamItem.Message.class);
            assertThat(((StreamItem.Message) item).message().answers(1)).isTrue();
        } finally {
            incoming.close();
        }
    }
}
