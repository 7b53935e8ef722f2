import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.HdrHistogram.Histogram;

/**
 * Open-loop latency of a running stack: creations sent at a fixed arrival rate, each on its own schedule whatever
 * the answers before it did. Every latency counts from the moment the request was <em>due</em> on the schedule, not
 * from when it was sent, so a stack (or a driver) that falls behind shows it in the figures instead of slowing the
 * arrivals down (no coordinated omission). Each request is sent on a thread of its own from a pool that grows while
 * requests stay open ({@link LoopbackHttp}, a kept-alive connection per thread), so a slow answer never delays the
 * next send. Latencies go into HdrHistograms (1 µs to 60 s, 3 significant digits).
 *
 * <ul>
 *   <li>{@code rest}: POST create (with an Idempotency-Key) at RATE/s; latency until the 202;
 *   <li>{@code mcp-task}: MCP 2026-07-28 task-creating {@code tools/call} at RATE/s, latency until the
 *       {@code CreateTaskResult}; and, half a period after each creation, one {@code tasks/get} of the task this run
 *       created most recently (before any task exists, none), latency until its answer.
 * </ul>
 *
 * WARMUP seconds of the schedule are sent but not counted, then SECONDS are. Only successful answers go into the
 * histograms; refusals for load (REST 429, MCP's JSON-RPC -31429, and a 503 with Retry-After: a frontend whose
 * places for waiting requests are taken) and other failures are counted apart. Bounded:
 * RATE ≤ 1000, SECONDS + WARMUP ≤ 300, at most MAX_IN_FLIGHT requests open (a request due while that many are open
 * is not sent and counts as {@code skipped}), a 30 s timeout per request and a 60 s cap on the wait for the last
 * answers. Loopback only. Prints one line of key=value pairs (bin/bench reads it); latencies in ms; {@code _slow}:
 * answers slower than 50 ms, {@code _slow_seconds}: in how many seconds of the schedule they were due.
 *
 * Usage: java -cp CLASSES:HdrHistogram.jar OpenLoop SCENARIO FRONTEND_URL TOKEN RATE [SECONDS=20] [WARMUP=5]
 *   [TOOL=demo.echo]   (CLASSES: this file and LoopbackHttp.java compiled, as bin/bench does)
 */
public class OpenLoop {
    private static final Pattern EXECUTION_ID = Pattern.compile("\"execution_id\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern TASK_ID = Pattern.compile("\"taskId\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern STATUS = Pattern.compile("\"status\"\\s*:\\s*\"([a-z_]+)\"");
    private static final String TASKS_META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}}";
    private static final int MAX_IN_FLIGHT = 1024;
    private static final int REQUEST_TIMEOUT_SECONDS = 30;
    private static final long HIGHEST_NANOS = TimeUnit.SECONDS.toNanos(60);
    /**
     * Answers slower than this are counted with the second of the schedule they were due in: a p99 made by a burst of
     * a second shows as few seconds, one made by a stack falling behind as many (50 ms: issue 22's create target).
     */
    private static final long SLOW_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private final String scenario;
    private final String path;
    private final String token;
    private final String tool;
    private final LoopbackHttp http;
    /** Sends and waits: a thread per open request, idle ones reused (at most MAX_IN_FLIGHT are ever open). */
    private final ExecutorService senders = Executors.newCachedThreadPool(r -> {
        Thread thread = new Thread(r, "sender");
        thread.setDaemon(true);
        return thread;
    });

    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicLong ids = new AtomicLong();
    /** The task this run created most recently: what the next {@code tasks/get} asks about. */
    private final AtomicReference<String> latestTask = new AtomicReference<>();

    private final Outcomes creates = new Outcomes();
    private final Outcomes gets = new Outcomes();

    OpenLoop(String scenario, String base, String token, String tool) {
        this.scenario = scenario;
        this.path = URI.create(base).getRawPath();
        this.token = token;
        this.tool = tool;
        this.http = new LoopbackHttp(base, REQUEST_TIMEOUT_SECONDS * 1000);
    }

    /** One kind of request: its latency histogram (measured window only) and its counts. */
    private static final class Outcomes {
        final Histogram latency = new Histogram(1_000L, HIGHEST_NANOS, 3);
        final AtomicLong sent = new AtomicLong();
        final AtomicLong refused = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
        final AtomicLong skipped = new AtomicLong();
        final AtomicReference<String> firstFailure = new AtomicReference<>();
        private long slow;
        private final java.util.Set<Long> slowSeconds = new java.util.HashSet<>();

        synchronized void record(long nanos, long dueSecond) {
            latency.recordValue(Math.min(Math.max(nanos, 1_000L), HIGHEST_NANOS));
            if (nanos > SLOW_NANOS) {
                slow++;
                slowSeconds.add(dueSecond);
            }
        }

        synchronized String summary(String prefix) {
            return String.format(
                    Locale.ROOT,
                    "%1$s_sent=%2$d %1$s_ok=%3$d %1$s_refused=%4$d %1$s_failed=%5$d %1$s_skipped=%6$d %1$s_p50=%7$.1f"
                            + " %1$s_p90=%8$.1f %1$s_p99=%9$.1f %1$s_p999=%10$.1f %1$s_max=%11$.1f"
                            + " %1$s_slow=%12$d %1$s_slow_seconds=%13$d",
                    prefix,
                    sent.get(),
                    latency.getTotalCount(),
                    refused.get(),
                    failed.get(),
                    skipped.get(),
                    ms(latency.getValueAtPercentile(50)),
                    ms(latency.getValueAtPercentile(90)),
                    ms(latency.getValueAtPercentile(99)),
                    ms(latency.getValueAtPercentile(99.9)),
                    ms(latency.getMaxValue()),
                    slow,
                    slowSeconds.size());
        }

        private static double ms(long nanos) {
            return nanos / 1e6;
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: OpenLoop rest|mcp-task FRONTEND_URL TOKEN RATE [SECONDS] [WARMUP] [TOOL]");
            System.exit(2);
        }
        String scenario = args[0];
        if (!List.of("rest", "mcp-task").contains(scenario)) {
            throw new IllegalArgumentException("unknown scenario " + scenario);
        }
        String base = args[1].replaceAll("/+$", "");
        if (!URI.create(base).getHost().matches("127\\.0\\.0\\.1|localhost|\\[::1\\]")) {
            throw new IllegalArgumentException("loopback targets only");
        }
        int rate = Integer.parseInt(args[3]);
        int seconds = args.length > 4 ? Integer.parseInt(args[4]) : 20;
        int warmup = args.length > 5 ? Integer.parseInt(args[5]) : 5;
        if (rate < 1 || rate > 1000 || seconds < 1 || warmup < 0 || seconds + warmup > 300) {
            throw new IllegalArgumentException("RATE 1..1000, SECONDS ≥ 1, WARMUP ≥ 0, SECONDS + WARMUP ≤ 300");
        }
        String tool = args.length > 6 ? args[6] : "demo.echo";
        new OpenLoop(scenario, base, args[2], tool).run(rate, seconds, warmup);
        System.exit(0);
    }

    private void run(int rate, int seconds, int warmup) throws Exception {
        long period = TimeUnit.SECONDS.toNanos(1) / rate;
        int due = rate * (warmup + seconds);
        int firstMeasured = rate * warmup;
        // one creation before the schedule, not counted: the driver's own start (class loading, the first
        // connection) would otherwise be charged to the stack as a backlog the whole run carries
        Answer first = create().get(REQUEST_TIMEOUT_SECONDS + 5, TimeUnit.SECONDS);
        if (!first.ok()) {
            throw new IllegalStateException("the first creation failed: " + first.describe());
        }
        List<CompletableFuture<Void>> pending = new ArrayList<>();
        long start = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(50);
        for (int i = 0; i < due; i++) {
            boolean measured = i >= firstMeasured;
            long createAt = start + i * period;
            sleepUntil(createAt);
            long second = i / rate;
            pending.add(send(creates, measured, createAt, second, this::create));
            if (scenario.equals("mcp-task")) {
                long getAt = createAt + period / 2;
                sleepUntil(getAt);
                String task = latestTask.get();
                if (task != null) {
                    pending.add(send(gets, measured, getAt, second, () -> getTask(task)));
                }
            }
            pending.removeIf(CompletableFuture::isDone);
        }
        double sendingSeconds = (System.nanoTime() - start) / 1e9;
        try {
            CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            System.err.println(
                    scenario + ": " + pending.stream().filter(f -> !f.isDone()).count()
                            + " requests still open 60 s after the last was due");
        }
        String line = String.format(
                        Locale.ROOT,
                        "scenario=%s rate=%d seconds=%d warmup=%d sending_s=%.1f ",
                        scenario,
                        rate,
                        seconds,
                        warmup,
                        sendingSeconds)
                + creates.summary("create")
                + (scenario.equals("mcp-task") ? " " + gets.summary("get") : "");
        System.out.println(line);
        for (Outcomes o : List.of(creates, gets)) {
            if (o.firstFailure.get() != null) {
                System.err.println(scenario + ": first failure: " + o.firstFailure.get());
            }
        }
    }

    private static void sleepUntil(long nanoTime) throws InterruptedException {
        long wait = nanoTime - System.nanoTime();
        if (wait > 0) {
            TimeUnit.NANOSECONDS.sleep(wait);
        }
    }

    /**
     * One request due at {@code dueAt}, in second {@code dueSecond} of the schedule: its latency counts from then,
     * whenever it was actually sent.
     */
    private CompletableFuture<Void> send(
            Outcomes outcomes,
            boolean measured,
            long dueAt,
            long dueSecond,
            java.util.function.Supplier<CompletableFuture<Answer>> req) {
        if (measured) {
            outcomes.sent.incrementAndGet();
        }
        if (inFlight.incrementAndGet() > MAX_IN_FLIGHT) {
            inFlight.decrementAndGet();
            if (measured) {
                outcomes.skipped.incrementAndGet();
            }
            return CompletableFuture.completedFuture(null);
        }
        return req.get().handle((answer, error) -> {
            long latency = System.nanoTime() - dueAt;
            inFlight.decrementAndGet();
            if (!measured) {
                return null;
            }
            if (error == null && answer.ok()) {
                outcomes.record(latency, dueSecond);
            } else if (error == null && answer.refused()) {
                outcomes.refused.incrementAndGet();
            } else {
                outcomes.failed.incrementAndGet();
                outcomes.firstFailure.compareAndSet(null, error != null ? error.toString() : answer.describe());
            }
            return null;
        });
    }

    /** An answer, judged: {@code ok} when it is what the request wanted, {@code refused} when refused for load. */
    private record Answer(boolean ok, boolean refused, int status, String body) {
        String describe() {
            return status + ": " + (body.length() > 300 ? body.substring(0, 300) : body);
        }
    }

    private CompletableFuture<Answer> create() {
        long i = ids.incrementAndGet();
        if (scenario.equals("rest")) {
            return exchange(
                    "POST",
                    path + "/v1/orgs/acme/projects/demo/tool-executions",
                    "{\"tool_name\":\"" + tool + "\",\"input\":{\"i\":" + i + "}}",
                    r -> r.status() == 202 && EXECUTION_ID.matcher(r.body()).find(),
                    LoopbackHttp.jsonPost(token, "Idempotency-Key", "bench-" + UUID.randomUUID()));
        }
        String body = "{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":{\"i\":" + i + "}," + TASKS_META + "}}";
        return mcp("tools/call", tool, body, r -> {
            Matcher m = TASK_ID.matcher(r.body());
            boolean ok = r.status() == 200 && m.find();
            if (ok) {
                latestTask.set(m.group(1));
            }
            return ok;
        });
    }

    private CompletableFuture<Answer> getTask(String taskId) {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":" + ids.incrementAndGet() + ",\"method\":\"tasks/get\","
                + "\"params\":{\"taskId\":\"" + taskId + "\"," + TASKS_META + "}}";
        return mcp(
                "tasks/get",
                taskId,
                body,
                r -> r.status() == 200 && STATUS.matcher(r.body()).find());
    }

    // admission control (429, -31429), or a frontend asking to come back (503 with Retry-After: its places are taken)
    private static boolean refusedForLoad(LoopbackHttp.Response r) {
        return r.status() == 429
                || r.body().contains("\"code\":-31429")
                || r.status() == 503 && r.header("Retry-After") != null;
    }

    private CompletableFuture<Answer> mcp(
            String method, String name, String body, Predicate<LoopbackHttp.Response> ok) {
        return exchange(
                "POST",
                path + "/mcp",
                body,
                ok,
                LoopbackHttp.mcpHeaders(token, "2026-07-28", "Mcp-Method", method, "Mcp-Name", name));
    }

    /** One exchange on a sender thread, judged by {@code ok}. */
    private CompletableFuture<Answer> exchange(
            String method, String target, String body, Predicate<LoopbackHttp.Response> ok, String... headers) {
        return CompletableFuture.supplyAsync(
                () -> {
                    LoopbackHttp.Response r = http.send(method, target, body, headers);
                    return new Answer(ok.test(r), refusedForLoad(r), r.status(), r.body());
                },
                senders);
    }
}
