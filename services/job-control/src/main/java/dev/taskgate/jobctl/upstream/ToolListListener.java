package dev.taskgate.jobctl.upstream;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.upstream.UpstreamDefinition;

/**
 * Keeps one session with an upstream that announces changes of its tool list, with its {@code GET} stream open, and
 * has the upstream listed again ({@code refresh}) on each {@code notifications/tools/list_changed} and each time a
 * stream opens (a change made while none was open would otherwise wait for the schedule). A stream or session that
 * ends is opened again after a {@link StreamBackoff}; a 404 starts a new session. It stops for good when stopped, when
 * the upstream answers the {@code GET} with 405 (it offers no stream: the schedule alone refreshes it) or when a new
 * session no longer announces changes. Runs on a thread of its own; log lines and errors name the upstream, never its
 * credential.
 */
final class ToolListListener implements Runnable {
    private static final Logger LOG = Logger.getLogger(ToolListListener.class);
    static final String LIST_CHANGED = "notifications/tools/list_changed";
    private static final int METHOD_NOT_FOUND = -32601;

    private final UpstreamDefinition upstream;
    private final DiscoverySession.Opener sessions;
    private final Runnable refresh;
    private final StreamBackoff backoff;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile Thread thread;
    private volatile InputStream open;
    // stop() interrupts the thread only before it starts closing its session, so that the DELETE is not interrupted
    private final Object interruption = new Object();
    private boolean closing;

    ToolListListener(
            UpstreamDefinition upstream, DiscoverySession.Opener sessions, Runnable refresh, StreamBackoff backoff) {
        this.upstream = upstream;
        this.sessions = sessions;
        this.refresh = refresh;
        this.backoff = backoff;
    }

    /** The definition it listens for. */
    UpstreamDefinition upstream() {
        return upstream;
    }

    /** Ends the listening: the open stream is closed and the thread leaves its wait. */
    void stop() {
        stopped.countDown();
        closeQuietly(open);
        synchronized (interruption) {
            Thread running = thread;
            if (running != null && !closing) {
                running.interrupt();
            }
        }
    }

    @Override
    public void run() {
        thread = Thread.currentThread();
        DiscoverySession session = null;
        try {
            while (!isStopped()) {
                try {
                    if (session == null) {
                        session = sessions.open(upstream);
                        if (!session.offersToolListChanged()) {
                            LOG.infof(
                                    "Upstream no longer announces tool list changes; refreshed on schedule only"
                                            + " [upstream=%s]",
                                    upstream.id());
                            return;
                        }
                    }
                    ServerStream stream = session.openServerStream();
                    switch (stream.kind()) {
                        case OPEN -> listen(session, stream.body());
                        case NOT_OFFERED -> {
                            LOG.infof(
                                    "Upstream offers no stream for its own messages (405); its tools are refreshed on"
                                            + " schedule only [upstream=%s]",
                                    upstream.id());
                            return;
                        }
                        case SESSION_GONE -> {
                            LOG.infof("Upstream session gone (404); initializing anew [upstream=%s]", upstream.id());
                            session = null;
                        }
                    }
                } catch (UpstreamException e) {
                    if (!isStopped()) {
                        LOG.warnf(
                                "Upstream tool list stream lost; opened again after a pause [upstream=%s reason=%s]",
                                upstream.id(), e.getMessage());
                    }
                }
                if (!pause(backoff.next())) {
                    return;
                }
            }
        } finally {
            synchronized (interruption) {
                closing = true;
                // an interrupt of stop() is spent: the session's DELETE is still worth sending
                Thread.interrupted();
            }
            if (session != null) {
                session.close();
            }
        }
    }

    private void listen(DiscoverySession session, InputStream body) throws UpstreamException {
        long openedAt = System.nanoTime();
        open = body;
        try (body) {
            if (isStopped()) {
                return;
            }
            LOG.debugf("Upstream tool list stream open [upstream=%s]", upstream.id());
            refresh.run();
            ServerEvents events = new ServerEvents(body, upstream.id());
            JsonNode message;
            while ((message = events.next()) != null) {
                handle(session, message);
            }
            LOG.debugf("Upstream ended its tool list stream [upstream=%s]", upstream.id());
        } catch (IOException e) {
            if (!isStopped()) {
                throw new UpstreamException("upstream " + upstream.id() + " broke its GET stream off: "
                        + e.getClass().getSimpleName());
            }
        } finally {
            open = null;
            backoff.streamLasted(Duration.ofNanos(System.nanoTime() - openedAt));
        }
    }

    // MCP 2025-11-25 (Streamable HTTP): the server may send requests and notifications on this stream; a request
    // is answered with a POST. Only ping is served: the client declared no capabilities.
    private void handle(DiscoverySession session, JsonNode message) throws UpstreamException {
        String method = message.path("method").asText("");
        if (LIST_CHANGED.equals(method)) {
            LOG.debugf("Upstream announced a tool list change [upstream=%s]", upstream.id());
            refresh.run();
        } else if (!method.isEmpty() && message.hasNonNull("id")) {
            if ("ping".equals(method)) {
                session.answer(message.get("id"), "result", JsonNodeFactory.instance.objectNode());
            } else {
                ObjectNode error = JsonNodeFactory.instance
                        .objectNode()
                        .put("code", METHOD_NOT_FOUND)
                        .put("message", "Method not found: " + method);
                session.answer(message.get("id"), "error", error);
            }
        }
    }

    private boolean isStopped() {
        return stopped.getCount() == 0;
    }

    /** Waits {@code wait} unless stopped meanwhile; whether to go on. */
    private boolean pause(Duration wait) {
        try {
            return !stopped.await(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            return false;
        }
    }

    private static void closeQuietly(InputStream stream) {
        if (stream == null) {
            return;
        }
        try {
            stream.close();
        } catch (IOException e) {
            // closing is how the blocked reader is released; nothing else to do
        }
    }
}
