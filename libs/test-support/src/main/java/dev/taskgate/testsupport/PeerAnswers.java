package dev.taskgate.testsupport;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpExchange;

/**
 * How a scripted peer (an HTTP handler on loopback standing in for an upstream) answers: a JSON body, or one event on
 * a stream whose end comes after what the test scripts in between — a fixed delay, as a network or a slow server
 * would make it, or an answer held open until the test lets go. Interrupts end a wait (the server is stopping) and
 * are passed on.
 */
public final class PeerAnswers {
    private PeerAnswers() {}

    /** 200 with {@code json} as an {@code application/json} body of known length. */
    public static void json(HttpExchange exchange, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    /** 200 with an event stream: one {@code message} event carrying {@code data}, then {@code beforeTheEnd}, then its end. */
    public static void eventThenEnd(HttpExchange exchange, String data, Runnable beforeTheEnd) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        OutputStream body = exchange.getResponseBody();
        body.write(("event: message\ndata: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
        body.flush();
        beforeTheEnd.run();
        exchange.close();
    }

    /** Waits {@code duration}: the peer's own delay, not a test waiting for a condition. */
    public static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits until {@code release} is counted down, or at most {@code atMost}. */
    public static void holdUntil(CountDownLatch release, Duration atMost) {
        try {
            release.await(atMost.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
