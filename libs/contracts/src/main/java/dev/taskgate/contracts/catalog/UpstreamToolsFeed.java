package dev.taskgate.contracts.catalog;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.logging.Level;
import java.util.logging.Logger;

import dev.taskgate.contracts.Wire;

/**
 * Keeps a service's catalog in step with job-control's upstream tools: asks job-control's internal API for them,
 * naming the revision it holds and asking it to wait up to {@value #WAIT_SECONDS} s for a change, so that the answer
 * comes when they change (or, unchanged, about twice a minute); replaces the catalog's upstream tools when they
 * changed and asks again at once, else at most once per {@code refresh} (the pace against a job-control that answers
 * without waiting, and after a failure). While job-control cannot be asked, the last known tools stay. Calls are
 * authenticated by the caller's {@code authenticate} (the service's signed caller assertion).
 */
public final class UpstreamToolsFeed implements AutoCloseable {
    /** The internal route. */
    public static final String PATH = "/internal/v1/catalog/upstream-tools";

    /** How long job-control may hold a question of the background loop before it answers "unchanged". */
    static final int WAIT_SECONDS = 30;

    private static final Logger LOG = Logger.getLogger(UpstreamToolsFeed.class.getName());

    private final OperationCatalog catalog;
    private final URI jobControl;
    private final BiConsumer<HttpRequest.Builder, String> authenticate;
    private HttpClient http;
    private final ScheduledExecutorService poller;
    private volatile boolean reachable = true;

    /**
     * @param authenticate adds the caller assertion for the request target (path and query) to the request
     */
    public UpstreamToolsFeed(
            OperationCatalog catalog, URI jobControl, BiConsumer<HttpRequest.Builder, String> authenticate) {
        this.catalog = catalog;
        this.jobControl = jobControl;
        this.authenticate = authenticate;
        this.poller = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "upstream-tools-feed");
            t.setDaemon(true);
            return t;
        });
    }

    /** Follows job-control's upstream tools from now on, asking at most once per {@code refresh} unless they changed. */
    public void start(Duration refresh) {
        poller.execute(() -> follow(refresh));
    }

    /**
     * Asks job-control once, without waiting, and applies what it answered.
     *
     * @return whether the catalog changed
     * @throws IOException when job-control cannot be asked or answers something else than 200 or 304
     */
    public boolean poll() throws IOException, InterruptedException {
        return ask(0);
    }

    private boolean ask(int waitSeconds) throws IOException, InterruptedException {
        String target =
                PATH + "?known=" + URLEncoder.encode(catalog.upstreamTools().revision(), StandardCharsets.UTF_8)
                        + (waitSeconds > 0 ? "&wait=" + waitSeconds : "");
        HttpRequest.Builder request = HttpRequest.newBuilder(jobControl.resolve(target))
                .timeout(Duration.ofSeconds(10L + waitSeconds))
                .header("Accept", "application/json")
                .GET();
        authenticate.accept(request, target);
        HttpResponse<byte[]> response = http().send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() == 304) {
            return false;
        }
        if (response.statusCode() != 200) {
            throw new IOException("job-control answered " + response.statusCode() + " for the upstream tools");
        }
        return catalog.replaceUpstreamTools(Wire.fromBytes(response.body(), UpstreamTools.class));
    }

    // One question, then the next one scheduled: at once after a change, else a refresh after this one began.
    private void follow(Duration refresh) {
        long began = System.nanoTime();
        boolean changed = false;
        try {
            changed = ask(WAIT_SECONDS);
            if (changed) {
                LOG.info("Upstream tools updated: revision "
                        + catalog.upstreamTools().revision() + ", "
                        + catalog.upstreamTools().tools().size() + " tools");
            }
            reachable = true;
        } catch (IOException | RuntimeException e) {
            if (reachable) {
                LOG.log(Level.WARNING, "Upstream tools not refreshed; the last known stay: " + e.getMessage());
            }
            reachable = false;
            began = System.nanoTime(); // a failure waits a whole refresh, however long it took to fail
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        long delay = changed ? 0 : Math.max(0, refresh.toNanos() - (System.nanoTime() - began));
        try {
            poller.schedule(() -> follow(refresh), delay, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            // closed
        }
    }

    // made on first use: a feed that is never started holds no client thread
    private synchronized HttpClient http() {
        if (http == null) {
            http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        }
        return http;
    }

    @Override
    public void close() {
        poller.shutdownNow();
    }
}
