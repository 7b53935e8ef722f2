package dev.taskgate.e2e;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The ready instances of one service, as the endpoints of a Kubernetes Service: every instance's
 * {@code /q/health/ready} is polled every {@value #POLL_MILLIS} ms, and only the instances that answered 200 last are
 * handed out, in turn. An instance that turns its readiness DOWN on SIGTERM is dropped at the next poll, well within
 * the shutdown delay the rollout test gives the services, so no new request is sent to it after that.
 */
final class ServiceEndpoints implements AutoCloseable {
    static final long POLL_MILLIS = 100;
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofMillis(500)).build();

    private final List<ServiceProcess> instances;
    private final Set<ServiceProcess> ready = ConcurrentHashMap.newKeySet();
    private final AtomicInteger next = new AtomicInteger();
    private final Thread poller;
    private volatile boolean open = true;

    ServiceEndpoints(String service, List<ServiceProcess> instances) {
        this.instances = List.copyOf(instances);
        this.poller = new Thread(this::poll, service + "-endpoints");
        poller.setDaemon(true);
        poller.start();
    }

    /** The next ready instance in turn, or empty while none is ready. */
    Optional<ServiceProcess> pick() {
        List<ServiceProcess> now = instances.stream().filter(ready::contains).toList();
        if (now.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(now.get(Math.floorMod(next.getAndIncrement(), now.size())));
    }

    /** The next ready instance other than {@code not} (after a refused connection), else any ready one. */
    Optional<ServiceProcess> pickOther(ServiceProcess not) {
        for (int i = 0; i < instances.size(); i++) {
            Optional<ServiceProcess> picked = pick();
            if (picked.isEmpty() || picked.get() != not) {
                return picked;
            }
        }
        return pick();
    }

    /** Waits up to {@code timeout} until every instance is ready (so that a rollout step starts from full strength). */
    void awaitAllReady(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (ready.size() < instances.size()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "not every instance ready within " + timeout + ": " + ready.size() + " of " + instances.size());
            }
            TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
        }
    }

    private void poll() {
        while (open) {
            for (ServiceProcess instance : instances) {
                if (isReady(instance)) {
                    ready.add(instance);
                } else {
                    ready.remove(instance);
                }
            }
            try {
                TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static boolean isReady(ServiceProcess instance) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(instance.managementUrl() + "/q/health/ready"))
                .timeout(Duration.ofMillis(500))
                .build();
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException notAnswering) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void close() {
        open = false;
        poller.interrupt();
        try {
            poller.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
