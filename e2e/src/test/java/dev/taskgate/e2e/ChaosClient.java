package dev.taskgate.e2e;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * REST calls of the chaos load against whichever frontend answers: a call that fails because its frontend (or the
 * job-control behind it) is down is repeated against the other one — for a submission with the same Idempotency-Key,
 * so that the receipt converges on one execution.
 */
final class ChaosClient {
    static final String BASE = "/v1/orgs/acme/projects/demo/tool-executions";
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(15);
    /** Attempts per submission; with PostgreSQL or Kafka restarts in the kill set, the deadline bounds instead. */
    static final int MAX_ATTEMPTS = 60;

    /** An answer with its status and body. */
    record Reply(int status, String body) {
        JsonNode json() {
            try {
                return ChaosWork.JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + status + " " + body, e);
            }
        }
    }

    private final List<ChaosNode> frontends;
    private final List<String> tokens;
    private final int maxAttempts;
    final AtomicInteger resubmissions = new AtomicInteger();
    /** Per submission, the milliseconds from its first attempt until a frontend accepted it. */
    final ConcurrentLinkedQueue<Long> acceptMillis = new ConcurrentLinkedQueue<>();

    ChaosClient(List<ChaosNode> frontends, List<String> tokens, int maxAttempts) {
        this.frontends = frontends;
        this.tokens = tokens;
        this.maxAttempts = maxAttempts;
    }

    /**
     * Submits until a frontend accepts (202), moving to the other frontend after a connection failure or a 5xx, and
     * waiting out a 429; returns the handle. Bounded by {@code deadlineNanos} and the client's attempts.
     */
    String submit(ChaosWork work, long deadlineNanos) throws InterruptedException {
        int first = ThreadLocalRandom.current().nextInt(frontends.size());
        long started = System.nanoTime();
        String lastProblem = "no attempt";
        for (int attempt = 0; attempt < maxAttempts && System.nanoTime() < deadlineNanos; attempt++) {
            ChaosNode frontend = frontends.get((first + attempt) % frontends.size());
            if (attempt > 0) {
                resubmissions.incrementAndGet();
            }
            HttpRequest request = HttpRequest.newBuilder(URI.create(frontend.baseUrl() + BASE))
                    .timeout(REQUEST_TIMEOUT)
                    .header("Authorization", "Bearer " + tokens.get(work.caller))
                    .header("Idempotency-Key", work.key)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(work.body()))
                    .build();
            Reply reply = send(request);
            if (reply != null && reply.status() == 202) {
                acceptMillis.add((System.nanoTime() - started) / 1_000_000);
                return reply.json().get("execution_id").asText();
            }
            if (reply != null && reply.status() < 500 && reply.status() != 429) {
                throw new AssertionError("submission " + work.key + " refused: " + reply.status() + " " + reply.body());
            }
            lastProblem = reply == null ? frontend.name() + " unreachable" : reply.status() + " " + reply.body();
            Thread.sleep(reply != null && reply.status() == 429 ? 1000 : 300);
        }
        throw new AssertionError("submission " + work.key + " not accepted in time; last: " + lastProblem);
    }

    /** GET the execution through any frontend that answers; null if none did. */
    Reply get(String handle, int caller) {
        return any(handle, "", caller);
    }

    /** GET the result through any frontend that answers; null if none did. */
    Reply result(String handle, int caller) {
        return any(handle, "/result", caller);
    }

    private Reply any(String handle, String suffix, int caller) {
        int first = ThreadLocalRandom.current().nextInt(frontends.size());
        for (int i = 0; i < frontends.size(); i++) {
            ChaosNode frontend = frontends.get((first + i) % frontends.size());
            HttpRequest request = HttpRequest.newBuilder(URI.create(frontend.baseUrl() + BASE + "/" + handle + suffix))
                    .timeout(REQUEST_TIMEOUT)
                    .header("Authorization", "Bearer " + tokens.get(caller))
                    .GET()
                    .build();
            Reply reply = send(request);
            if (reply != null && reply.status() < 500) {
                return reply;
            }
        }
        return null;
    }

    private static Reply send(HttpRequest request) throws RuntimeException {
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            return new Reply(response.statusCode(), response.body());
        } catch (IOException downOrTimedOut) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
