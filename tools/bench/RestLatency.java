import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Measures REST create → completed latency of one operation on a running stack: each run creates an
 * execution, then polls it every POLL_MS until it is terminal. Sequential, bounded by COUNT and by a
 * 60 s timeout per run. Loopback only.
 *
 * Usage: java tools/bench/RestLatency.java BASE_URL TOKEN [COUNT=200] [TOOL=demo.echo] [POLL_MS=2] [WARMUP=20]
 *   BASE_URL e.g. http://127.0.0.1:8080/v1/orgs/acme/projects/demo/tool-executions
 */
public class RestLatency {
    private static final Pattern ID = Pattern.compile("\"execution_id\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern STATUS = Pattern.compile("\"status\"\\s*:\\s*\"([^\"]+)\"");

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: RestLatency BASE_URL TOKEN [COUNT] [TOOL] [POLL_MS] [WARMUP]");
            System.exit(2);
        }
        String base = args[0];
        if (!URI.create(base).getHost().matches("127\\.0\\.0\\.1|localhost|\\[::1\\]")) {
            throw new IllegalArgumentException("loopback targets only");
        }
        String token = args[1];
        int count = args.length > 2 ? Integer.parseInt(args[2]) : 200;
        String tool = args.length > 3 ? args[3] : "demo.echo";
        long pollMs = args.length > 4 ? Long.parseLong(args[4]) : 2;
        int warmup = args.length > 5 ? Integer.parseInt(args[5]) : 20;
        HttpClient http = HttpClient.newHttpClient();

        List<Double> createMs = new ArrayList<>();
        List<Double> completedMs = new ArrayList<>();
        for (int i = 0; i < warmup + count; i++) {
            long t0 = System.nanoTime();
            HttpResponse<String> created = http.send(
                    HttpRequest.newBuilder(URI.create(base))
                            .header("Authorization", "Bearer " + token)
                            .header("Content-Type", "application/json")
                            .header("Idempotency-Key", "bench-" + UUID.randomUUID())
                            .POST(HttpRequest.BodyPublishers.ofString(
                                    "{\"tool_name\":\"" + tool + "\",\"input\":{\"i\":" + i + "}}"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            long t1 = System.nanoTime();
            if (created.statusCode() != 202) {
                throw new IllegalStateException("create answered " + created.statusCode() + ": " + created.body());
            }
            Matcher m = ID.matcher(created.body());
            m.find();
            String id = m.group(1);
            String status = "";
            long deadline = t0 + Duration.ofSeconds(60).toNanos();
            while (!status.equals("completed")) {
                if (status.equals("failed") || status.equals("cancelled") || System.nanoTime() > deadline) {
                    throw new IllegalStateException("execution " + id + " ended " + status);
                }
                HttpResponse<String> got = http.send(
                        HttpRequest.newBuilder(URI.create(base + "/" + id))
                                .header("Authorization", "Bearer " + token)
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                Matcher s = STATUS.matcher(got.body());
                status = s.find() ? s.group(1) : "";
                if (!status.equals("completed")) {
                    Thread.sleep(pollMs);
                }
            }
            long t2 = System.nanoTime();
            if (i >= warmup) {
                createMs.add((t1 - t0) / 1e6);
                completedMs.add((t2 - t0) / 1e6);
            }
        }
        report("POST create → 202", createMs);
        report("create → completed (polled every " + pollMs + " ms)", completedMs);
    }

    private static void report(String what, List<Double> ms) {
        Collections.sort(ms);
        System.out.printf(
                "%s over %d runs: p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms%n",
                what, ms.size(), pct(ms, 50), pct(ms, 95), pct(ms, 99), ms.get(ms.size() - 1));
    }

    private static double pct(List<Double> sorted, int p) {
        int idx = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, idx));
    }
}
