import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Measures MCP 2026-07-28 latency on a running stack, sequentially over one client: COUNT `tools/call` requests
 * that declare the tasks extension (time until the CreateTaskResult, i.e. the execution is durably committed),
 * then COUNT `tasks/get` requests on the tasks just created, then COUNT synchronous `tools/call` requests (no extension:
 * the whole call through the durable path until the exact result, i.e. the synchronous overhead over an operation that
 * takes no time of its own, such as demo.echo). Bounded by COUNT; every request has a 30 s timeout.
 * Loopback only.
 *
 * Usage: java tools/bench/McpLatency.java ENDPOINT TOKEN [COUNT=1000] [TOOL=demo.echo] [WARMUP=50]
 *   ENDPOINT e.g. http://127.0.0.1:8080/mcp
 */
public class McpLatency {
    private static final Pattern TASK_ID = Pattern.compile("\"taskId\"\\s*:\\s*\"([^\"]+)\"");
    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}}";

    private static final String SYNC_META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: McpLatency ENDPOINT TOKEN [COUNT] [TOOL] [WARMUP]");
            System.exit(2);
        }
        URI endpoint = URI.create(args[0]);
        if (!endpoint.getHost().matches("127\\.0\\.0\\.1|localhost|\\[::1\\]")) {
            throw new IllegalArgumentException("loopback targets only");
        }
        String token = args[1];
        int count = args.length > 2 ? Integer.parseInt(args[2]) : 1000;
        String tool = args.length > 3 ? args[3] : "demo.echo";
        int warmup = args.length > 4 ? Integer.parseInt(args[4]) : 50;
        HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

        List<String> taskIds = new ArrayList<>();
        List<Double> createMs = new ArrayList<>();
        for (int i = 0; i < warmup + count; i++) {
            String body = "{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"tools/call\",\"params\":{\"name\":\""
                    + tool + "\",\"arguments\":{\"i\":" + i + "}," + META + "}}";
            long t0 = System.nanoTime();
            String answer = post(http, endpoint, token, "tools/call", tool, body);
            long t1 = System.nanoTime();
            Matcher m = TASK_ID.matcher(answer);
            if (!answer.contains("\"resultType\":\"task\"") || !m.find()) {
                throw new IllegalStateException("tools/call did not create a task: " + answer);
            }
            if (i >= warmup) {
                createMs.add((t1 - t0) / 1e6);
                taskIds.add(m.group(1));
            }
        }
        List<Double> getMs = new ArrayList<>();
        for (int i = 0; i < warmup + count; i++) {
            String taskId = taskIds.get(i % taskIds.size());
            String body = "{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"tasks/get\",\"params\":{\"taskId\":\""
                    + taskId + "\"," + META + "}}";
            long t0 = System.nanoTime();
            String answer = post(http, endpoint, token, "tasks/get", taskId, body);
            long t1 = System.nanoTime();
            if (!answer.contains("\"status\"")) {
                throw new IllegalStateException("tasks/get failed: " + answer);
            }
            if (i >= warmup) {
                getMs.add((t1 - t0) / 1e6);
            }
        }
        List<Double> syncMs = new ArrayList<>();
        for (int i = 0; i < warmup + count; i++) {
            String body = "{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"tools/call\",\"params\":{\"name\":\""
                    + tool + "\",\"arguments\":{\"i\":" + i + "}," + SYNC_META + "}}";
            long t0 = System.nanoTime();
            String answer = post(http, endpoint, token, "tools/call", tool, body);
            long t1 = System.nanoTime();
            if (!answer.contains("\"resultType\":\"complete\"")) {
                throw new IllegalStateException("synchronous tools/call did not complete: " + answer);
            }
            if (i >= warmup) {
                syncMs.add((t1 - t0) / 1e6);
            }
        }
        report("tools/call -> CreateTaskResult (" + tool + ")", createMs);
        report("tasks/get", getMs);
        report("synchronous tools/call -> result (" + tool + ")", syncMs);
    }

    private static String post(HttpClient http, URI endpoint, String token, String method, String name, String body)
            throws Exception {
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(endpoint)
                        .timeout(java.time.Duration.ofSeconds(30))
                        .header("Authorization", "Bearer " + token)
                        .header("Content-Type", "application/json")
                        .header("Accept", "application/json, text/event-stream")
                        .header("MCP-Protocol-Version", "2026-07-28")
                        .header("Mcp-Method", method)
                        .header("Mcp-Name", name)
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException(method + " answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    private static void report(String what, List<Double> ms) {
        Collections.sort(ms);
        System.out.printf(
                "%s over %d calls: p50 %.1f ms, p99 %.1f ms, max %.1f ms%n",
                what, ms.size(), pct(ms, 50), pct(ms, 99), ms.get(ms.size() - 1));
    }

    private static double pct(List<Double> sorted, int p) {
        int idx = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, idx));
    }
}
