package dev.taskgate.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.testsupport.mcp.Mcp2026Request;
import dev.taskgate.testsupport.mcp.McpReply;
import dev.taskgate.testsupport.mcp.McpTestClient;

/**
 * The bounded load of the rolling-restart test: a fixed set of clients, each running a fixed count of operations —
 * REST creates with an Idempotency-Key followed by reads of the execution and its result, MCP 2026-07-28 task calls
 * polled to their result, synchronous MCP calls — alternating {@code demo.echo} and {@code demo.sleep} (2 s). The
 * count is released in batches by gates the rollout opens as each restart begins, so that every restart happens under
 * load however long the restarts take.
 *
 * <p>Every request goes to a ready frontend ({@link ServiceEndpoints}), as an L7 load balancer sends it; a refused
 * connection is sent again to the other frontend (a retry, counted), with the same Idempotency-Key or request key.
 * Anything else that goes wrong — a 5xx, a connection cut after the request was sent, a JSON-RPC error, a result
 * other than the tool's exact one — is a problem: the test lists them and fails. A cut or 5xx request is still
 * retried with its key, so that one problem does not hide the rest of the run.
 */
final class RolloutLoad {
    /** What a client does. */
    enum Client {
        REST,
        MCP_TASK,
        MCP_SYNC
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String REQUEST_KEY = "dev.taskgate/requestKey";
    private static final Set<String> TERMINAL = Set.of("completed", "failed", "cancelled");
    private static final Duration SEND_BOUND = Duration.ofSeconds(60);
    private static final Duration SETTLE_BOUND = Duration.ofSeconds(90);
    private static final Duration GATE_BOUND = Duration.ofMinutes(6);
    private static final int MAX_ATTEMPTS = 100;
    private static final int SLEEP_SECONDS = 2;
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();

    /** One answer of a frontend: status, body, and the JSON-RPC response or REST JSON body when there is one. */
    record Answer(int status, String body, JsonNode json) {}

    private final ServiceEndpoints frontends;
    private final String run;
    private final String base;
    private final List<Client> clients;
    private final List<String> tokens;
    private final CountDownLatch[] gates;
    private final int perGate;
    private final List<Thread> threads = new ArrayList<>();

    /** HTTP requests sent to a frontend, retries included. */
    final AtomicInteger requests = new AtomicInteger();
    /** Requests sent again after a refused connection. */
    final AtomicInteger retries = new AtomicInteger();
    /** Operations finished (whatever their outcome). */
    final AtomicInteger operations = new AtomicInteger();
    /** The longest any request waited from its first attempt until a frontend answered it. */
    final AtomicLong maxPauseMillis = new AtomicLong();
    /** What went wrong, one line each. */
    final Queue<String> problems = new ConcurrentLinkedQueue<>();
    /** The REST handles created. */
    final Queue<String> restHandles = new ConcurrentLinkedQueue<>();

    /**
     * @param gates how many batches: batch 0 runs at once, batch {@code k} once {@link #open(int) open(k)}
     * @param perGate operations per client and batch
     */
    RolloutLoad(
            ServiceEndpoints frontends,
            String run,
            String project,
            List<Client> clients,
            List<String> tokens,
            int gates,
            int perGate) {
        this.frontends = frontends;
        this.run = run;
        this.base = "/v1/orgs/acme/projects/" + project + "/tool-executions";
        this.clients = List.copyOf(clients);
        this.tokens = List.copyOf(tokens);
        this.gates = new CountDownLatch[gates];
        for (int g = 0; g < gates; g++) {
            this.gates[g] = new CountDownLatch(g == 0 ? 0 : 1);
        }
        this.perGate = perGate;
    }

    /** How many operations the load runs in all. */
    int plannedOperations() {
        return clients.size() * gates.length * perGate;
    }

    /** Starts every client on a thread of its own. */
    void start() {
        for (int c = 0; c < clients.size(); c++) {
            int client = c;
            Thread t = new Thread(() -> runClient(client), "rollout-client-" + c);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
    }

    /** Releases batch {@code gate}. */
    void open(int gate) {
        gates[gate].countDown();
    }

    /** Waits until every client finished its count; false if one is still running after {@code bound}. */
    boolean awaitDone(Duration bound) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        for (Thread t : threads) {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        }
        return threads.stream().noneMatch(Thread::isAlive);
    }

    private void runClient(int client) {
        try {
            for (int i = 0; i < gates.length * perGate; i++) {
                if (!gates[i / perGate].await(GATE_BOUND.toMillis(), TimeUnit.MILLISECONDS)) {
                    problems.add("client " + client + ": batch " + i / perGate + " never released");
                    return;
                }
                boolean sleep = i % 2 == 1;
                switch (clients.get(client)) {
                    case REST -> rest(client, i, sleep);
                    case MCP_TASK -> mcp(client, i, sleep, true);
                    case MCP_SYNC -> mcp(client, i, sleep, false);
                }
                operations.incrementAndGet();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | AssertionError e) {
            problems.add("client " + client + " stopped: " + e);
        }
    }

    private void rest(int client, int i, boolean sleep) throws InterruptedException {
        ChaosWork work =
                ChaosWork.of(client * 1000 + i, sleep ? ChaosWork.Kind.SLEEP : ChaosWork.Kind.ECHO, client, run, null);
        String what = "REST " + work.key;
        String token = tokens.get(client);
        Answer created = send(what + " create", f -> rest(f, "POST", base, token, work.key, work.body()));
        if (created.status() != 202) {
            problems.add(what + ": create answered " + created.status() + " " + created.body());
            return;
        }
        String handle = created.json().get("execution_id").asText();
        restHandles.add(handle);
        String status = null;
        long deadline = System.nanoTime() + SETTLE_BOUND.toNanos();
        while (System.nanoTime() < deadline) {
            Answer read = send(what + " read", f -> rest(f, "GET", base + "/" + handle, token, null, null));
            if (read.status() != 200) {
                problems.add(what + ": read answered " + read.status() + " " + read.body());
                return;
            }
            status = read.json().get("status").asText();
            if (TERMINAL.contains(status)) {
                break;
            }
            TimeUnit.MILLISECONDS.sleep(200);
        }
        if (!"completed".equals(status)) {
            problems.add(what + ": ended " + status);
            return;
        }
        Answer result = send(what + " result", f -> rest(f, "GET", base + "/" + handle + "/result", token, null, null));
        String mismatch = result.status() == 200
                ? work.checkCompleted(result.body(), null, null)
                : "result answered " + result.status();
        if (mismatch != null) {
            problems.add(what + ": " + mismatch);
        }
    }

    private void mcp(int client, int i, boolean sleep, boolean task) throws InterruptedException {
        String tool = sleep ? "demo.sleep" : "demo.echo";
        Map<String, Object> arguments =
                sleep ? Map.of("seconds", SLEEP_SECONDS) : Map.of("run", run, "client", client, "i", i);
        String key = "rollout-" + run + "-" + client + "-" + i;
        String what = (task ? "MCP task " : "MCP sync ") + key;
        String token = tokens.get(client);
        Answer called = send(what, f -> {
            Mcp2026Request call = mcp(f, token).toolCall(tool, arguments).meta(REQUEST_KEY, key);
            return answer(task ? call.withTasks().post() : call.post());
        });
        JsonNode result = called.json() == null ? null : called.json().path("result");
        if (called.status() != 200 || result == null || result.isMissingNode()) {
            problems.add(what + ": answered " + called.status() + " " + called.body());
            return;
        }
        if ("task".equals(result.path("resultType").asText())) {
            // a task, or a synchronous call handed off: poll it
            result = awaitTask(what, token, result.path("taskId").asText());
            if (result == null) {
                return;
            }
        }
        String mismatch = check(result, sleep, arguments);
        if (mismatch != null) {
            problems.add(what + ": " + mismatch);
        }
    }

    private JsonNode awaitTask(String what, String token, String taskId) throws InterruptedException {
        long deadline = System.nanoTime() + SETTLE_BOUND.toNanos();
        while (System.nanoTime() < deadline) {
            Answer polled = send(
                    what + " tasks/get",
                    f -> answer(mcp(f, token).task("tasks/get", taskId).post()));
            JsonNode task = polled.json() == null ? null : polled.json().path("result");
            if (polled.status() != 200 || task == null || task.isMissingNode()) {
                problems.add(what + ": tasks/get answered " + polled.status() + " " + polled.body());
                return null;
            }
            String status = task.path("status").asText();
            if (TERMINAL.contains(status)) {
                if (!status.equals("completed")) {
                    problems.add(what + ": ended " + status + " " + task);
                    return null;
                }
                return task.path("result");
            }
            TimeUnit.MILLISECONDS.sleep(200);
        }
        problems.add(what + ": not terminal within " + SETTLE_BOUND);
        return null;
    }

    // the tool's exact result: demo.echo's structured content and text are the arguments, demo.sleep says so
    private static String check(JsonNode result, boolean sleep, Map<String, Object> arguments) {
        if (result.path("isError").asBoolean(true)) {
            return "an error result " + result;
        }
        String text = result.at("/content/0/text").asText();
        if (sleep) {
            return text.equals("slept " + SLEEP_SECONDS + " seconds") ? null : "not the sleep's result: " + result;
        }
        try {
            JsonNode expected = JSON.valueToTree(arguments);
            return expected.equals(result.path("structuredContent")) && expected.equals(JSON.readTree(text))
                    ? null
                    : "not the echo of " + expected + ": " + result;
        } catch (IOException e) {
            return "not the echo's text: " + result;
        }
    }

    /**
     * Sends a request to a ready frontend until one answers: a refused connection goes to the other frontend (a
     * retry); a 5xx or a connection cut after sending is a problem, and the request is sent again all the same.
     */
    private Answer send(String what, Function<ServiceProcess, Answer> call) throws InterruptedException {
        long first = System.nanoTime();
        long deadline = first + SEND_BOUND.toNanos();
        ServiceProcess refused = null;
        for (int attempt = 0; attempt < MAX_ATTEMPTS && System.nanoTime() < deadline; attempt++) {
            Optional<ServiceProcess> frontend = refused == null ? frontends.pick() : frontends.pickOther(refused);
            if (frontend.isEmpty()) {
                TimeUnit.MILLISECONDS.sleep(ServiceEndpoints.POLL_MILLIS);
                continue;
            }
            requests.incrementAndGet();
            try {
                Answer answer = call.apply(frontend.get());
                if (answer.status() < 500 && !isOverloaded(answer)) {
                    maxPauseMillis.accumulateAndGet((System.nanoTime() - first) / 1_000_000, Math::max);
                    return answer;
                }
                if (answer.status() >= 500) {
                    problems.add(what + " on " + frontend.get().name() + ": " + answer.status() + " " + answer.body());
                }
                refused = frontend.get();
                TimeUnit.MILLISECONDS.sleep(300);
            } catch (UncheckedIOException e) {
                refused = frontend.get();
                if (isRefused(e)) {
                    retries.incrementAndGet();
                } else {
                    problems.add(what + " on " + frontend.get().name() + " cut: " + e.getCause());
                }
            }
        }
        throw new AssertionError(what + " not answered within " + SEND_BOUND);
    }

    // admission refusals (REST 429, JSON-RPC -31429) are waited out like a client would; not expected at this load
    private static boolean isOverloaded(Answer answer) {
        return answer.status() == 429
                || (answer.json() != null && answer.json().at("/error/code").asInt() == -31429);
    }

    private static boolean isRefused(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConnectException) {
                return true;
            }
        }
        return false;
    }

    private static Answer rest(
            ServiceProcess frontend, String method, String path, String token, String key, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(frontend.baseUrl() + path))
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + token);
        if (key != null) {
            request.header("Idempotency-Key", key);
        }
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        request.method(
                method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        try {
            HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.body(), parse(response.body()));
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static dev.taskgate.testsupport.mcp.Mcp2026Client mcp(ServiceProcess frontend, String token) {
        return McpTestClient.http(frontend.baseUrl()).bearer(token).v2026();
    }

    private static Answer answer(McpReply reply) {
        JsonNode json;
        try {
            json = reply.json();
        } catch (AssertionError notJson) {
            json = null;
        }
        return new Answer(reply.status(), reply.text(), json);
    }

    private static JsonNode parse(String body) {
        try {
            return body.isEmpty() ? null : JSON.readTree(body);
        } catch (IOException notJson) {
            return null;
        }
    }
}
