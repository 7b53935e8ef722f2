package dev.taskgate.webhooks.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;

/**
 * A webhook receiver on loopback (JDK HttpServer) that records every request and answers with a scripted list of
 * statuses, then 200. {@link #HANG} makes it hold the request without answering until closed.
 */
public final class Receiver implements AutoCloseable {
    /** Scripted answer: no answer until the receiver closes (a timeout for the sender). */
    public static final int HANG = -1;

    /**
     * One received request.
     *
     * @param headers header names lower-cased
     * @param body    the exact bytes
     * @param at      arrival time
     */
    public record Request(Map<String, String> headers, byte[] body, Instant at) {
        /** A header by lower-case name. */
        public String header(String name) {
            return headers.get(name);
        }
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final CountDownLatch released = new CountDownLatch(1);
    private final Deque<Integer> script = new ArrayDeque<>();
    private final List<Request> requests = new ArrayList<>();
    private volatile String retryAfter;

    private Receiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.setExecutor(executor);
        server.createContext("/hook", exchange -> {
            Map<String, String> headers = new TreeMap<>();
            exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), v.get(0)));
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            int status;
            synchronized (this) {
                requests.add(new Request(headers, body, Instant.now()));
                status = script.isEmpty() ? 200 : script.poll();
            }
            if (status == HANG) {
                try {
                    released.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                status = 200;
            }
            String wait = retryAfter;
            if (wait != null && (status < 200 || status >= 300)) {
                exchange.getResponseHeaders().add("Retry-After", wait);
            }
            try {
                exchange.sendResponseHeaders(status, -1);
            } catch (IOException senderGone) {
                // the sender timed out and closed the connection
            }
            exchange.close();
        });
        server.start();
    }

    /** A started receiver. */
    public static Receiver start() {
        try {
            return new Receiver();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Answers the next requests with these statuses, then 200. */
    public synchronized Receiver script(int... statuses) {
        for (int s : statuses) {
            script.add(s);
        }
        return this;
    }

    /** Adds {@code Retry-After: value} to every non-2xx answer. */
    public Receiver retryAfter(String value) {
        this.retryAfter = value;
        return this;
    }

    /** The URL subscriptions should point at. */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
    }

    /** Every request so far. */
    public synchronized List<Request> requests() {
        return List.copyOf(requests);
    }

    @Override
    public void close() {
        released.countDown();
        server.stop(0);
        executor.shutdownNow();
    }
}
