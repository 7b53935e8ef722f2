package dev.taskgate.contracts.catalog;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.taskgate.contracts.Wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The feed against a job-control played by a JDK HTTP server on loopback: its background questions name the
 * revision held and ask job-control to wait; a change is applied and the next question follows at once, however
 * long the refresh; a failed question keeps the last known tools and is asked again; {@code poll()} never waits.
 */
class UpstreamToolsFeedTest {
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private final List<String> targets = new CopyOnWriteArrayList<>();
    private final Deque<Answer> answers = new ArrayDeque<>();
    private final OperationCatalog catalog = OperationCatalog.of(List.of());
    private HttpServer server;
    private UpstreamToolsFeed feed;

    private record Answer(int status, byte[] body) {}

    @BeforeEach
    void playJobControl() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext(UpstreamToolsFeed.PATH, this::answer);
        server.start();
        feed = new UpstreamToolsFeed(
                catalog,
                URI.create("http://127.0.0.1:" + server.getAddress().getPort()),
                (request, target) -> request.header("Test-Target", target));
    }

    @AfterEach
    void stop() {
        feed.close();
        server.stop(0);
    }

    @Test
    void aChangeIsAppliedAndTheNextQuestionFollowsAtOnceWithTheNewRevision() {
        answerWith(200, tools("r1"));
        answerWith(304, new byte[0]);

        feed.start(Duration.ofMinutes(10));

        await().atMost(PATIENCE).until(() -> targets.size() == 2);
        assertThat(targets.get(0))
                .isEqualTo(UpstreamToolsFeed.PATH + "?known=none&wait=" + UpstreamToolsFeed.WAIT_SECONDS);
        assertThat(targets.get(1))
                .as("at once after the change, not a refresh (10 min) later")
                .isEqualTo(UpstreamToolsFeed.PATH + "?known=r1&wait=" + UpstreamToolsFeed.WAIT_SECONDS);
        assertThat(catalog.upstreamTools().revision()).isEqualTo("r1");
    }

    @Test
    void aFailedQuestionKeepsTheLastKnownToolsAndIsAskedAgain() {
        answerWith(503, new byte[0]);
        answerWith(200, tools("r2"));

        feed.start(Duration.ofMillis(50));

        // the server records a question before it answers: wait for the answer to be applied, not for the question
        await().atMost(PATIENCE).until(() -> "r2".equals(catalog.upstreamTools().revision()));
        assertThat(targets).hasSizeGreaterThanOrEqualTo(2);
        assertThat(targets.get(0)).as("the failed one").endsWith("?known=none&wait=" + UpstreamToolsFeed.WAIT_SECONDS);
    }

    @Test
    void pollAsksWithoutWaiting() throws Exception {
        answerWith(200, tools("r3"));

        assertThat(feed.poll()).isTrue();

        assertThat(targets).containsExactly(UpstreamToolsFeed.PATH + "?known=none");
        assertThat(catalog.upstreamTools().revision()).isEqualTo("r3");
    }

    private void answerWith(int status, byte[] body) {
        synchronized (answers) {
            answers.add(new Answer(status, body));
        }
    }

    // the canned answers in order; once they are used up, 304 (as job-control does when its wait is over)
    private void answer(HttpExchange exchange) throws IOException {
        targets.add(exchange.getRequestHeaders().getFirst("Test-Target"));
        Answer next;
        synchronized (answers) {
            next = answers.isEmpty() ? new Answer(304, new byte[0]) : answers.poll();
        }
        boolean empty = next.body().length == 0;
        exchange.sendResponseHeaders(next.status(), empty ? -1 : next.body().length);
        if (!empty) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(next.body());
            }
        }
        exchange.close();
    }

    private static byte[] tools(String revision) {
        return Wire.toBytes(new UpstreamTools(revision, List.of(), List.of()));
    }
}
