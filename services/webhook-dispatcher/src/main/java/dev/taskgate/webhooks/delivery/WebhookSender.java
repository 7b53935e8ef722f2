package dev.taskgate.webhooks.delivery;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;

import dev.taskgate.webhooks.WebhooksConfig;

/**
 * Sends one webhook POST to an already checked address: the connection goes to that address (no second name
 * resolution), while {@code Host} and TLS SNI/verification use the URL's host. Redirects are not followed; the
 * whole attempt is bounded by the request timeout; the answer's status is all that is kept — its body is never
 * read (the connection is closed instead), so a large or endless body costs nothing.
 */
@ApplicationScoped
public class WebhookSender {
    private final Vertx vertx;
    private final HttpClient client;
    private final long timeoutMillis;

    WebhookSender(Vertx vertx, WebhooksConfig config) {
        this.vertx = vertx;
        this.timeoutMillis = config.requestTimeout().toMillis();
        this.client = vertx.createHttpClient(new HttpClientOptions()
                .setKeepAlive(false)
                .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, timeoutMillis))
                .setVerifyHost(true)
                .setForceSni(true)
                .setMaxPoolSize(256));
    }

    @PreDestroy
    void close() {
        client.close();
    }

    /**
     * POSTs the body with the headers; the item is the receiver's answer (status and {@code Retry-After}), failures
     * are transport errors or timeouts.
     */
    public Uni<ReceiverAnswer> post(URI url, InetAddress address, Map<String, String> headers, byte[] body) {
        boolean tls = "https".equalsIgnoreCase(url.getScheme());
        int port = url.getPort() > 0 ? url.getPort() : tls ? 443 : 80;
        String path = (url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
                + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
        RequestOptions options = new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setHost(url.getHost())
                .setPort(port)
                .setSsl(tls)
                .setURI(path)
                .setServer(SocketAddress.inetSocketAddress(new InetSocketAddress(address, port)))
                .setFollowRedirects(false)
                .setIdleTimeout(timeoutMillis);
        headers.forEach(options::putHeader);
        return Uni.createFrom().emitter(emitter -> {
            Promise<ReceiverAnswer> result = Promise.promise();
            AtomicReference<HttpClientRequest> inFlight = new AtomicReference<>();
            long timer = vertx.setTimer(timeoutMillis, id -> {
                if (result.tryFail(new TimeoutException("no answer within " + timeoutMillis + " ms"))) {
                    HttpClientRequest request = inFlight.get();
                    if (request != null) {
                        request.reset();
                    }
                }
            });
            client.request(options).onFailure(result::tryFail).onSuccess(request -> {
                inFlight.set(request);
                request.send(Buffer.buffer(body)).onFailure(result::tryFail).onSuccess(response -> {
                    result.tryComplete(new ReceiverAnswer(response.statusCode(), response.getHeader("Retry-After")));
                    // the body is not needed: drop the connection rather than read it
                    request.connection().close();
                });
            });
            result.future().onComplete(ar -> {
                vertx.cancelTimer(timer);
                if (ar.succeeded()) {
                    emitter.complete(ar.result());
                } else {
                    emitter.fail(ar.cause());
                }
            });
        });
    }
}
