import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A webhook receiver on loopback that measures how late lifecycle deliveries arrive: for each delivery's first
 * arrival (by {@code webhook-id}), the time from the event's {@code data.updated_at} (job-control's database clock when
 * the execution changed state, the same machine's clock) to the moment the request's body has been read here.
 * Answers every POST 204 without verifying the signature (a measurement, not a consumer). {@code GET /summary} answers
 * one line of key=value pairs (count, p50, p90, p99, max in ms) and starts a new window. Prints its URL on the first
 * line of its output, then serves until it is killed. Bounded: bodies over 64 KiB are refused, the dedup set holds at
 * most 1,000,000 ids.
 *
 * Usage: java -cp HdrHistogram.jar tools/bench/WebhookReceiver.java
 */
public class WebhookReceiver {
    private static final Pattern UPDATED_AT = Pattern.compile("\"updated_at\"\\s*:\\s*\"([^\"]+)\"");
    private static final int MAX_BODY = 64 * 1024;
    private static final int MAX_IDS = 1_000_000;
    private static final long HIGHEST_NANOS = Duration.ofMinutes(10).toNanos();

    private final Set<String> seen = ConcurrentHashMap.newKeySet();
    private org.HdrHistogram.Histogram window = new org.HdrHistogram.Histogram(1_000L, HIGHEST_NANOS, 3);
    private long duplicates;

    public static void main(String[] args) throws IOException {
        WebhookReceiver receiver = new WebhookReceiver();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext("/", receiver::handle);
        server.start();
        System.out.println("http://127.0.0.1:" + server.getAddress().getPort() + "/hooks");
        System.out.flush();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (exchange.getRequestMethod().equals("GET")
                    && exchange.getRequestURI().getPath().equals("/summary")) {
                answer(exchange, 200, summaryAndReset());
                return;
            }
            if (!exchange.getRequestMethod().equals("POST")) {
                answer(exchange, 405, "");
                return;
            }
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readNBytes(MAX_BODY + 1);
            }
            Instant arrived = Instant.now();
            if (body.length > MAX_BODY) {
                answer(exchange, 413, "");
                return;
            }
            String id = exchange.getRequestHeaders().getFirst("webhook-id");
            Matcher updated = UPDATED_AT.matcher(new String(body, StandardCharsets.UTF_8));
            if (id != null && updated.find() && seen.size() < MAX_IDS) {
                if (seen.add(id)) {
                    record(Duration.between(Instant.parse(updated.group(1)), arrived)
                            .toNanos());
                } else {
                    countDuplicate();
                }
            }
            answer(exchange, 204, "");
        }
    }

    private synchronized void record(long nanos) {
        window.recordValue(Math.min(Math.max(nanos, 1_000L), HIGHEST_NANOS));
    }

    private synchronized void countDuplicate() {
        duplicates++;
    }

    private synchronized String summaryAndReset() {
        String line = String.format(
                Locale.ROOT,
                "webhook_count=%d webhook_duplicates=%d webhook_p50=%.1f webhook_p90=%.1f webhook_p99=%.1f"
                        + " webhook_max=%.1f%n",
                window.getTotalCount(),
                duplicates,
                window.getValueAtPercentile(50) / 1e6,
                window.getValueAtPercentile(90) / 1e6,
                window.getValueAtPercentile(99) / 1e6,
                window.getMaxValue() / 1e6);
        window = new org.HdrHistogram.Histogram(1_000L, HIGHEST_NANOS, 3);
        duplicates = 0;
        return line;
    }

    private static void answer(HttpExchange exchange, int status, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }
}
