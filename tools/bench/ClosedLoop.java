import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Closed-loop throughput of durable no-op executions on a running stack: CONCURRENCY clients each run one execution
 * after another, from its creation until its result, for SECONDS after WARMUP seconds; bounded in time, every request
 * has a 30 s timeout. Loopback only, over {@link LoopbackHttp} (one kept-alive connection per client). Prints one line
 * of key=value pairs (bin/bench reads it): {@code completed} and {@code rate} count the executions of the measured
 * window, {@code total} every one that completed (warm-up included).
 *
 * <ul>
 *   <li>{@code rest}: POST create (with an Idempotency-Key), then GET every POLL_MS until {@code completed};
 *   <li>{@code rest-wait}: the same create, then one {@code GET …/result?wait_ms=30000}, which answers when the
 *       execution ends (again if it answered 202);
 *   <li>{@code mcp-task}: MCP 2026-07-28 {@code tools/call} with the tasks extension, then {@code tasks/get} every
 *       POLL_MS until {@code completed};
 *   <li>{@code mcp-sync}: MCP 2026-07-28 {@code tools/call} without the extension: one request until the result;
 *   <li>{@code mcp2025-sync}: the 2025-era adapter: each client opens one session ({@code initialize}, then
 *       {@code notifications/initialized}) and calls {@code tools/call} in it, one request until the result.
 * </ul>
 *
 * Usage: java -cp CLASSES ClosedLoop SCENARIO FRONTEND_URL TOKEN [CONCURRENCY=32] [SECONDS=20] [WARMUP=5]
 *   [POLL_MS=10] [TOOL=demo.echo] [ARGUMENT=i]   (CLASSES: this file and LoopbackHttp.java compiled, as bin/bench does)
 *   FRONTEND_URL e.g. http://127.0.0.1:8080 (REST under /v1/orgs/acme/projects/demo, MCP at /mcp)
 *   ARGUMENT: the tool's one argument; {@code i} (the default) is the call's sequence number, any other name gets it
 *   as a string (server-everything's {@code echo} wants {@code message})
 */
public class ClosedLoop {
    private static final Pattern EXECUTION_ID = Pattern.compile("\"execution_id\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern STATUS = Pattern.compile("\"status\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern TASK_ID = Pattern.compile("\"taskId\"\\s*:\\s*\"([^\"]+)\"");
    private static final String TASKS_META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}}";
    private static final String SYNC_META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    private final String scenario;
    private final String path;
    private final String token;
    private final long pollMs;
    private final String tool;
    private final String argument;
    private final LoopbackHttp http;
    private final AtomicLong sequence = new AtomicLong();
    /** Each client thread's 2025-era session id, opened on its first call. */
    private final ThreadLocal<String> session = new ThreadLocal<>();

    ClosedLoop(String scenario, String base, String token, long pollMs, String tool, String argument) {
        this.scenario = scenario;
        this.path = URI.create(base).getRawPath();
        this.token = token;
        this.pollMs = pollMs;
        this.tool = tool;
        this.argument = argument;
        this.http = new LoopbackHttp(base, 30_000);
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println(
                    "usage: ClosedLoop rest|rest-wait|mcp-task|mcp-sync|mcp2025-sync FRONTEND_URL TOKEN [CONCURRENCY] [SECONDS] [WARMUP] [POLL_MS] [TOOL] [ARGUMENT]");
            System.exit(2);
        }
        String scenario = args[0];
        if (!List.of("rest", "rest-wait", "mcp-task", "mcp-sync", "mcp2025-sync")
                .contains(scenario)) {
            throw new IllegalArgumentException("unknown scenario " + scenario);
        }
        String base = args[1].replaceAll("/+$", "");
        if (!URI.create(base).getHost().matches("127\\.0\\.0\\.1|localhost|\\[::1\\]")) {
            throw new IllegalArgumentException("loopback targets only");
        }
        int concurrency = args.length > 3 ? Integer.parseInt(args[3]) : 32;
        int seconds = args.length > 4 ? Integer.parseInt(args[4]) : 20;
        int warmup = args.length > 5 ? Integer.parseInt(args[5]) : 5;
        long pollMs = args.length > 6 ? Long.parseLong(args[6]) : 10;
        String tool = args.length > 7 ? args[7] : "demo.echo";
        String argument = args.length > 8 ? args[8] : "i";
        if (!argument.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("ARGUMENT must be a plain name");
        }
        new ClosedLoop(scenario, base, args[2], pollMs, tool, argument).run(concurrency, seconds, warmup);
    }

    /** One execution's two latencies, in ms: until it exists (created) and until its result (ended). */
    private record Sample(double createdMs, double endedMs) {}

    private void run(int concurrency, int seconds, int warmup) throws Exception {
        long start = System.nanoTime();
        long measureFrom = start + TimeUnit.SECONDS.toNanos(warmup);
        long measureUntil = measureFrom + TimeUnit.SECONDS.toNanos(seconds);
        ExecutorService clients = Executors.newFixedThreadPool(concurrency);
        List<Future<List<Sample>>> results = new ArrayList<>();
        AtomicLong errors = new AtomicLong();
        AtomicLong total = new AtomicLong();
        for (int c = 0; c < concurrency; c++) {
            results.add(clients.submit(() -> {
                List<Sample> samples = new ArrayList<>();
                while (System.nanoTime() < measureUntil) {
                    long t0 = System.nanoTime();
                    try {
                        Sample s = once(t0);
                        total.incrementAndGet();
                        // counted only when it both started and ended inside the measured window
                        if (t0 >= measureFrom && System.nanoTime() <= measureUntil) {
                            samples.add(s);
                        }
                    } catch (Exception e) {
                        if (t0 >= measureFrom) {
                            errors.incrementAndGet();
                        }
                        if (errors.get() == 1) {
                            System.err.println(scenario + ": " + e.getMessage());
                        }
                    }
                }
                return samples;
            }));
        }
        List<Sample> all = new ArrayList<>();
        for (Future<List<Sample>> f : results) {
            all.addAll(f.get(seconds + warmup + 120L, TimeUnit.SECONDS));
        }
        clients.shutdown();
        List<Double> created =
                new ArrayList<>(all.stream().map(Sample::createdMs).toList());
        List<Double> ended = new ArrayList<>(all.stream().map(Sample::endedMs).toList());
        Collections.sort(created);
        Collections.sort(ended);
        System.out.printf(
                Locale.ROOT,
                "scenario=%s concurrency=%d seconds=%d completed=%d total=%d errors=%d rate=%.1f"
                        + " created_p50=%.1f created_p99=%.1f ended_p50=%.1f ended_p99=%.1f%n",
                scenario,
                concurrency,
                seconds,
                all.size(),
                total.get(),
                errors.get(),
                all.size() / (double) seconds,
                pct(created, 50),
                pct(created, 99),
                pct(ended, 50),
                pct(ended, 99));
    }

    private Sample once(long t0) throws Exception {
        long i = sequence.incrementAndGet();
        return switch (scenario) {
            case "rest" -> rest(t0, i);
            case "rest-wait" -> restWait(t0, i);
            case "mcp-task" -> mcpTask(t0, i);
            case "mcp2025-sync" -> mcp2025Sync(t0, i);
            default -> mcpSync(t0, i);
        };
    }

    private Sample rest(long t0, long i) throws Exception {
        String execution = restCreate(i);
        long t1 = System.nanoTime();
        while (true) {
            String status = first(
                    STATUS, http.send("GET", execution, null, authorization()).body());
            if (status.equals("completed")) {
                return sample(t0, t1);
            }
            if (status.equals("failed") || status.equals("cancelled")) {
                throw new IllegalStateException("execution " + execution + " ended " + status);
            }
            Thread.sleep(pollMs);
        }
    }

    private Sample restWait(long t0, long i) throws Exception {
        String execution = restCreate(i);
        long t1 = System.nanoTime();
        String result = execution + "/result?wait_ms=30000";
        while (true) {
            LoopbackHttp.Response answer = http.send("GET", result, null, authorization());
            if (answer.status() == 200) {
                return sample(t0, t1);
            }
            if (answer.status() != 202) {
                throw new IllegalStateException("result of " + execution + " answered " + answer.status());
            }
        }
    }

    /** Creates an execution of the tool over REST and returns its path. */
    private String restCreate(long i) throws Exception {
        String executions = path + "/v1/orgs/acme/projects/demo/tool-executions";
        LoopbackHttp.Response created = http.send(
                "POST",
                executions,
                "{\"tool_name\":\"" + tool + "\",\"input\":{\"i\":" + i + "}}",
                LoopbackHttp.jsonPost(token, "Idempotency-Key", "bench-" + UUID.randomUUID()));
        if (created.status() != 202) {
            throw new IllegalStateException("create answered " + created.status() + ": " + created.body());
        }
        return executions + "/" + first(EXECUTION_ID, created.body());
    }

    private Sample mcpTask(long t0, long i) throws Exception {
        String answer = mcp(
                "tools/call",
                tool,
                "{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                        + "\",\"arguments\":{\"i\":" + i + "}," + TASKS_META + "}}");
        long t1 = System.nanoTime();
        String taskId = first(TASK_ID, answer);
        while (true) {
            String got = mcp(
                    "tasks/get",
                    taskId,
                    "{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"tasks/get\",\"params\":{\"taskId\":\"" + taskId
                            + "\"," + TASKS_META + "}}");
            String status = first(STATUS, got);
            if (status.equals("completed")) {
                return sample(t0, t1);
            }
            if (status.equals("failed") || status.equals("cancelled")) {
                throw new IllegalStateException("task " + taskId + " ended " + status);
            }
            Thread.sleep(pollMs);
        }
    }

    private Sample mcpSync(long t0, long i) throws Exception {
        String answer = mcp(
                "tools/call",
                tool,
                "{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                        + "\",\"arguments\":{\"i\":" + i + "}," + SYNC_META + "}}");
        if (!answer.contains("\"resultType\":\"complete\"")) {
            throw new IllegalStateException("synchronous tools/call did not complete: " + answer);
        }
        long t1 = System.nanoTime();
        return sample(t0, t1);
    }

    private Sample mcp2025Sync(long t0, long i) throws Exception {
        if (session.get() == null) {
            session.set(open2025Session());
            t0 = System.nanoTime();
        }
        LoopbackHttp.Response response = mcp2025(
                "{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                        + "\",\"arguments\":" + arguments(i) + "}}",
                session.get());
        if (response.status() != 200
                || !response.body().contains("\"content\"")
                || response.body().contains("\"isError\":true")) {
            throw new IllegalStateException(
                    "2025-era tools/call answered " + response.status() + ": " + response.body());
        }
        return sample(t0, System.nanoTime());
    }

    /** The call's arguments: {@code {"i": N}}, or {@code {"<ARGUMENT>": "N"}}. */
    private String arguments(long i) {
        return argument.equals("i") ? "{\"i\":" + i + "}" : "{\"" + argument + "\":\"" + i + "\"}";
    }

    private String open2025Session() throws Exception {
        LoopbackHttp.Response initialized = mcp2025(
                "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                        + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"bench\",\"version\":\"1\"}}}",
                null);
        String id = initialized.header("Mcp-Session-Id");
        if (id == null) {
            throw new IllegalStateException("initialize answered without a session: " + initialized.body());
        }
        LoopbackHttp.Response ready = mcp2025("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", id);
        if (ready.status() != 202) {
            throw new IllegalStateException("notifications/initialized answered " + ready.status());
        }
        return id;
    }

    /** A 2025-11-25 POST, in the session {@code sessionId} unless it is null (initialize). */
    private LoopbackHttp.Response mcp2025(String body, String sessionId) {
        String[] headers = sessionId == null
                ? LoopbackHttp.mcpHeaders(token, "2025-11-25")
                : LoopbackHttp.mcpHeaders(token, "2025-11-25", "Mcp-Session-Id", sessionId);
        return http.send("POST", path + "/mcp", body, headers);
    }

    private String mcp(String method, String name, String body) throws Exception {
        LoopbackHttp.Response response = http.send(
                "POST",
                path + "/mcp",
                body,
                LoopbackHttp.mcpHeaders(token, "2026-07-28", "Mcp-Method", method, "Mcp-Name", name));
        if (response.status() != 200) {
            throw new IllegalStateException(method + " answered " + response.status() + ": " + response.body());
        }
        return response.body();
    }

    private String[] authorization() {
        return new String[] {"Authorization", "Bearer " + token};
    }

    private static Sample sample(long t0, long t1) {
        return new Sample((t1 - t0) / 1e6, (System.nanoTime() - t0) / 1e6);
    }

    private static String first(Pattern pattern, String text) {
        Matcher m = pattern.matcher(text);
        if (!m.find()) {
            throw new IllegalStateException("no " + pattern + " in " + text);
        }
        return m.group(1);
    }

    private static double pct(List<Double> sorted, int p) {
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        int idx = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, idx));
    }
}
