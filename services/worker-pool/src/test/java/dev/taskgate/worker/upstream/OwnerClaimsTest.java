package dev.taskgate.worker.upstream;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpServer;

import dev.taskgate.serviceauth.CallerAssertion;
import dev.taskgate.tracing.TraceContext;
import dev.taskgate.worker.report.ExecutionTraces;

import static org.assertj.core.api.Assertions.assertThat;

/** What job-control's answers to an owner claim mean to worker-pool, over real HTTP on loopback. */
class OwnerClaimsTest {
    private static final String KEY = "dev-insecure-wp:"
            + java.util.Base64.getEncoder()
                    .encodeToString(
                            "0123456789abcdef0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII));

    private HttpServer server;
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final List<String> traceparents = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void grantedRefusedAndUnansweredClaims() throws Exception {
        UUID id = UUID.randomUUID();

        assertThat(claims(answering(204)).claim(id, 3)).isEqualTo(OwnerClaims.Claim.GRANTED);
        assertThat(requests.get(0))
                .isEqualTo("POST /internal/v1/executions/" + id + "/owner-claim?epoch=3&worker=wp-1 signed");
        stop();
        assertThat(claims(answering(409)).claim(id, 3)).isEqualTo(OwnerClaims.Claim.REFUSED);
    }

    @Test
    void aClaimCarriesTheTraceOfItsExecution() throws Exception {
        UUID traced = UUID.randomUUID();
        ExecutionTraces traces = new ExecutionTraces();
        String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00";
        traces.remember(traced, new TraceContext(traceparent, null));
        OwnerClaims claims = new OwnerClaims(answering(204), KEY, "wp-1", Duration.ofMillis(10), traces);

        claims.claim(traced, 1);
        claims.claim(UUID.randomUUID(), 1);

        assertThat(traceparents).containsExactly(traceparent, "none");
    }

    @Test
    void aClaimJobControlKeepsFailingIsUnknownAfterThreeAttempts() throws Exception {
        OwnerClaims claims = claims(answering(503));

        assertThat(claims.claim(UUID.randomUUID(), 1)).isEqualTo(OwnerClaims.Claim.UNKNOWN);
        assertThat(requests).hasSize(3);
    }

    @Test
    void anUnreachableJobControlIsUnknown() throws Exception {
        int closed;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        OwnerClaims claims =
                new OwnerClaims(URI.create("http://127.0.0.1:" + closed), KEY, "wp-1", Duration.ofMillis(10));

        assertThat(claims.claim(UUID.randomUUID(), 1)).isEqualTo(OwnerClaims.Claim.UNKNOWN);
    }

    private OwnerClaims claims(URI base) {
        return new OwnerClaims(base, KEY, "wp-1", Duration.ofMillis(10));
    }

    private URI answering(int status) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI()
                    + (exchange.getRequestHeaders().containsKey(CallerAssertion.HEADER) ? " signed" : " unsigned"));
            String traceparent = exchange.getRequestHeaders().getFirst(TraceContext.TRACEPARENT);
            traceparents.add(traceparent == null ? "none" : traceparent);
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }
}
