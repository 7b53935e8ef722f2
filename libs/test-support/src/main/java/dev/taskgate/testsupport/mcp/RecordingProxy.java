package dev.taskgate.testsupport.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A loopback HTTP proxy in front of an upstream MCP endpoint that records every request (method, headers, body) and
 * the bytes of every answer as they stream through: what the upstream really received and really sent.
 */
public final class RecordingProxy implements AutoCloseable {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Set<String> HOP_HEADERS =
            Set.of("host", "content-length", "connection", "transfer-encoding", "expect", "upgrade");

    /** One HTTP exchange through the proxy. */
    public record Exchange(
            String method, Map<String, List<String>> headers, String body, ByteArrayOutputStream answer) {
        public Optional<JsonNode> message() {
            try {
                return Optional.ofNullable(MAPPER.readTree(body)).filter(JsonNode::isObject);
            } catch (IOException e) {
                return Optional.empty();
            }
        }

        public String rpcMethod() {
            return message().map(m -> m.path("method").asText("")).orElse("");
        }

        public String answerText() {
            synchronized (answer) {
                return answer.toString(StandardCharsets.UTF_8);
            }
        }

        public Optional<String> header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .flatMap(e -> e.getValue().stream())
                    .findFirst();
        }
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "recording-proxy");
        t.setDaemon(true);
        return t;
    });
    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final URI target;
    private final List<Exchange> exchanges = new CopyOnWriteArrayList<>();

    private RecordingProxy(URI target) throws IOException {
        this.target = target;
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::forward);
        server.setExecutor(threads);
        server.start();
    }

    public static RecordingProxy in(URI target) throws IOException {
        return new RecordingProxy(target);
    }

    /** The proxied endpoint: the target's path on the proxy's port. */
    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + target.getRawPath());
    }

    public List<Exchange> exchanges() {
        return exchanges;
    }

    /** The JSON-RPC methods posted so far, in order. */
    public List<String> rpcMethods() {
        return exchanges.stream()
                .filter(e -> e.method().equals("POST"))
                .map(Exchange::rpcMethod)
                .filter(m -> !m.isEmpty())
                .toList();
    }

    /** The posted messages with {@code method}. */
    public List<JsonNode> posted(String rpcMethod) {
        return exchanges.stream()
                .filter(e -> e.rpcMethod().equals(rpcMethod))
                .map(e -> e.message().orElseThrow())
                .toList();
    }

    /** The exchanges of requests with {@code method}. */
    public List<Exchange> exchangesOf(String rpcMethod) {
        return exchanges.stream().filter(e -> e.rpcMethod().equals(rpcMethod)).toList();
    }

    private void forward(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        Exchange recorded = new Exchange(
                exchange.getRequestMethod(),
                Map.copyOf(exchange.getRequestHeaders()),
                new String(body, StandardCharsets.UTF_8),
                new ByteArrayOutputStream());
        exchanges.add(recorded);
        URI uri = target.resolve(exchange.getRequestURI().getRawPath());
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body));
        exchange.getRequestHeaders().forEach((name, values) -> {
            if (!HOP_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                values.forEach(value -> request.header(name, value));
            }
        });
        HttpResponse<InputStream> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            exchange.sendResponseHeaders(502, -1);
            exchange.close();
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exchange.close();
            return;
        }
        response.headers().map().forEach((name, values) -> {
            if (!HOP_HEADERS.contains(name.toLowerCase(Locale.ROOT)) && !name.startsWith(":")) {
                exchange.getResponseHeaders().put(name, values);
            }
        });
        try (InputStream in = response.body();
                OutputStream out = exchange.getResponseBody()) {
            boolean empty = response.statusCode() == 202 || response.statusCode() == 204;
            exchange.sendResponseHeaders(response.statusCode(), empty ? -1 : 0);
            if (empty) {
                return;
            }
            byte[] buffer = new byte[8192];
            int read;
            while ((read = in.read(buffer)) >= 0) {
                synchronized (recorded.answer()) {
                    recorded.answer().write(buffer, 0, read);
                }
                out.write(buffer, 0, read);
                out.flush();
            }
        } catch (IOException e) {
            // either side went away mid-stream: closing both ends passes that on
        } finally {
            exchange.close();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
