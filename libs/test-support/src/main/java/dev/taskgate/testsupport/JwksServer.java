package dev.taskgate.testsupport;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * An identity provider's JWKS endpoint played by the test: a JDK HTTP server on a random loopback port answering
 * {@code GET /jwks.json} with the keys it is told to publish, so that a test can rotate them. One server per test JVM
 * ({@link #shared()}), started on first use; a test profile points {@code mp.jwt.verify.publickey.location} at
 * {@link #url()}. Answers carry no {@code Cache-Control}, so the service's own refresh settings apply.
 */
public final class JwksServer {
    private static volatile JwksServer shared;

    private final HttpServer server;
    private final AtomicInteger fetches = new AtomicInteger();
    private volatile List<JwkKeyPair> published = List.of();
    private volatile boolean stopped;

    private JwksServer() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/jwks.json", this::handle);
        server.start();
    }

    /** The server of this test JVM. */
    public static JwksServer shared() {
        if (shared == null) {
            synchronized (JwksServer.class) {
                if (shared == null) {
                    shared = new JwksServer();
                }
            }
        }
        return shared;
    }

    /** The JWKS URL, for {@code mp.jwt.verify.publickey.location}. */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/jwks.json";
    }

    /** From now on the set holds exactly these keys. */
    public void publish(JwkKeyPair... keys) {
        published = List.copyOf(Arrays.asList(keys));
    }

    /** How many times the set was fetched so far. */
    public int fetches() {
        return fetches.get();
    }

    /** Stops listening for good (connections are refused): the endpoint is down. */
    public void stop() {
        stopped = true;
        server.stop(0);
    }

    /** Whether {@link #stop()} was called. */
    public boolean isStopped() {
        return stopped;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            fetches.incrementAndGet();
            String body =
                    published.stream().map(JwkKeyPair::publicJwk).collect(Collectors.joining(",", "{\"keys\":[", "]}"));
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }
}
