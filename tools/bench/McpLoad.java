import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Load on a running stack over MCP 2026-07-28, in two phases (docs/architecture.md "Performance targets"):
 * <ol>
 * <li><b>rate</b>: task-creating {@code tools/call} requests sent open-loop at RATE calls/s for SECONDS seconds.
 * Latency counts from the moment a call was due, not from when it was sent, so a stack that falls behind shows it
 * (no coordinated omission). Reports the achieved rate and p50/p99/max until the CreateTaskResult.</li>
 * <li><b>throughput</b>: BURST task-creating calls of a no-op tool as fast as MAX_IN_FLIGHT connections allow, then
 * {@code tasks/get} until every task is terminal; reports created → completed per second.</li>
 * </ol>
 * Bounded: SECONDS ≤ 300, RATE ≤ 2000, BURST ≤ 20000, at most MAX_IN_FLIGHT requests open, a 30 s timeout per
 * request and a 10 min cap on the completion wait. Loopback only.
 *
 * Usage: java tools/bench/McpLoad.java ENDPOINT TOKEN [RATE=200] [SECONDS=30] [BURST=2000] [TOOL=demo.echo]
 *   ENDPOINT e.g. http://127.0.0.1:8080/mcp
 */
public class McpLoad {
    private static final Pattern TASK_ID = Pattern.compile("\"taskId\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern STATUS = Pattern.compile("\"status\"\\s*:\\s*\"([a-z_]+)\"");
    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}}";
    private static final int MAX_IN_FLIGHT = 64;
    private static final Duration COMPLETION_CAP = Duration.ofMinutes(10);

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .executor(Executors.newFixedThreadPool(4))
            .build();
    private final URI endpoint;
    private final String token;
    private final String tool;
    private final AtomicInteger ids = new AtomicInteger();

    McpLoad(URI endpoint, String token, String tool) {
        this.endpoint = endpoint;
        this.token = token;
        this.tool = tool;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: McpLoad ENDPOINT TOKEN [RATE] [SECONDS] [BURST] [TOOL]");
            System.exit(2);
        }
        URI endpoint = URI.create(args[0]);
        if (!endpoint.getHost().matches("127\\.0\\.0\\.1|localhost|\\[::1\\]")) {
            throw new IllegalArgumentException("loopback targets only");
        }
        int rate = bounded(args, 2, 200, 2000, "RATE");
        int seconds = bounded(args, 3, 30, 300, "SECONDS");
        int burst = bounded(args, 4, 2000, 20000, "BURST");
        McpLoad load = new McpLoad(endpoint, args[1], args.length > 5 ? args[5] : "demo.echo");
        load.atRate(rate, seconds);
        load.throughput(burst);
        System.exit(0);
    }

    private void atRate(int rate, int seconds) throws InterruptedException {
        int total = rate * seconds;
        long periodNanos = 1_000_000_000L / rate;
        Semaphore open = new Semaphore(MAX_IN_FLIGHT);
        ConcurrentLinkedQueue<Double> latencies = new ConcurrentLinkedQueue<>();
        AtomicInteger failures = new AtomicInteger();
        AtomicInteger refusedForLoad = new AtomicInteger();
        List<CompletableFuture<Void>> calls = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < total; i++) {
            long due = start + i * periodNanos;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            open.acquire();
            calls.add(createTask().handle((answer, error) -> {
                open.release();
                if (error != null || !TASK_ID.matcher(answer).find()) {
                    (answer != null && answer.contains("\"code\":429") ? refusedForLoad : failures).incrementAndGet();
                } else {
                    latencies.add((System.nanoTime() - due) / 1e6);
                }
                return null;
            }));
        }
        CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).join();
        double elapsed = (System.nanoTime() - start) / 1e9;
        List<Double> ms = new ArrayList<>(latencies);
        Collections.sort(ms);
        System.out.printf(
                "rate phase: %d tools/call (%s) due at %d/s, achieved %.1f/s; CreateTaskResult p50 %.1f ms, "
                        + "p99 %.1f ms, max %.1f ms; failed %d, refused by admission %d%n",
                total,
                tool,
                rate,
                ms.size() / elapsed,
                pct(ms, 50),
                pct(ms, 99),
                ms.isEmpty() ? 0 : ms.get(ms.size() - 1),
                failures.get(),
                refusedForLoad.get());
    }

    private void throughput(int burst) throws Exception {
        Semaphore open = new Semaphore(MAX_IN_FLIGHT);
        ConcurrentLinkedQueue<String> taskIds = new ConcurrentLinkedQueue<>();
        AtomicInteger failures = new AtomicInteger();
        List<CompletableFuture<Void>> calls = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < burst; i++) {
            open.acquire();
            calls.add(createTask().handle((answer, error) -> {
                open.release();
                Matcher m = error == null ? TASK_ID.matcher(answer) : null;
                if (m != null && m.find()) {
                    taskIds.add(m.group(1));
                } else {
                    failures.incrementAndGet();
                }
                return null;
            }));
        }
        CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).join();
        double createdAfter = (System.nanoTime() - start) / 1e9;
        List<String> pending = new ArrayList<>(taskIds);
        long capAt = System.nanoTime() + COMPLETION_CAP.toNanos();
        int completed = 0;
        int otherTerminal = 0;
        while (!pending.isEmpty() && System.nanoTime() < capAt) {
            List<String> still = new ArrayList<>();
            List<CompletableFuture<String>> polls = new ArrayList<>();
            for (String id : pending) {
                open.acquire();
                polls.add(getTask(id).whenComplete((a, e) -> open.release()));
            }
            for (int i = 0; i < pending.size(); i++) {
                String status = statusOf(polls.get(i));
                switch (status) {
                    case "completed" -> completed++;
                    case "failed", "cancelled" -> otherTerminal++;
                    default -> still.add(pending.get(i));
                }
            }
            pending = still;
            if (!pending.isEmpty()) {
                Thread.sleep(200);
            }
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                "throughput phase: %d no-op tasks (%s) created in %.1f s (%.0f/s); %d completed, %d failed or "
                        + "cancelled, %d not terminal, %d create failures; created -> completed %.0f/s sustained over %.1f s%n",
                taskIds.size(),
                tool,
                createdAfter,
                taskIds.size() / createdAfter,
                completed,
                otherTerminal,
                pending.size(),
                failures.get(),
                completed / elapsed,
                elapsed);
    }

    private static String statusOf(CompletableFuture<String> poll) {
        try {
            Matcher m = STATUS.matcher(poll.join());
            return m.find() ? m.group(1) : "unknown";
        } catch (RuntimeException e) {
            return "unknown";
        }
    }

    private CompletableFuture<String> createTask() {
        int id = ids.incrementAndGet();
        String body = "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":{\"i\":" + id + "}," + META + "}}";
        return post("tools/call", tool, body);
    }

    private CompletableFuture<String> getTask(String taskId) {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":" + ids.incrementAndGet() + ",\"method\":\"tasks/get\","
                + "\"params\":{\"taskId\":\"" + taskId + "\"," + META + "}}";
        return post("tasks/get", taskId, body);
    }

    private CompletableFuture<String> post(String method, String name, String body) {
        return http.sendAsync(
                        HttpRequest.newBuilder(endpoint)
                                .timeout(Duration.ofSeconds(30))
                                .header("Authorization", "Bearer " + token)
                                .header("Content-Type", "application/json")
                                .header("Accept", "application/json, text/event-stream")
                                .header("MCP-Protocol-Version", "2026-07-28")
                                .header("Mcp-Method", method)
                                .header("Mcp-Name", name)
                                .POST(HttpRequest.BodyPublishers.ofString(body))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .thenApply(HttpResponse::body);
    }

    private static int bounded(String[] args, int index, int fallback, int max, String name) {
        int value = args.length > index ? Integer.parseInt(args[index]) : fallback;
        if (value < 1 || value > max) {
            throw new IllegalArgumentException(name + " must be between 1 and " + max);
        }
        return value;
    }

    private static double pct(List<Double> sorted, int p) {
        if (sorted.isEmpty()) {
            return 0;
        }
        int idx = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, idx));
    }
}
