package dev.taskgate.cli.http;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.taskgate.cli.CliException;
import dev.taskgate.cli.ExitCodes;

/**
 * The HTTP calls of every command: a bearer token, JSON in and out, one bounded timeout, and every error answer
 * turned into an {@link ApiException} that carries the problem. Nothing is retried: a command that may be repeated
 * safely ({@code call} with its idempotency key) says so in its message.
 */
public final class Api {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    /** Longer than the frontend's own wait for job-control (10 s), so that its 503 arrives rather than ours. */
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient http;
    /**
     * Event streams have a client, hence a connection pool, of their own: a stream is closed as soon as its last
     * awaited event is read, which can race the client's return of that connection to its pool, and a call that
     * then took it failed with "EOF reached while reading".
     */
    private final HttpClient streams;

    private final Supplier<String> token;
    private String cachedToken;

    /** Calls with the token {@code token} supplies (asked once, when the first call needs it). */
    public Api(Supplier<String> token) {
        this.http = client();
        this.streams = client();
        this.token = token;
    }

    /** GET; a 2xx answer, else an {@link ApiException}. */
    public ApiResponse get(URI uri) {
        return send(request(uri).GET(), Map.of());
    }

    /** POST of a JSON body ({@code null}: none) with extra headers; a 2xx answer, else an {@link ApiException}. */
    public ApiResponse post(URI uri, String json, Map<String, String> headers) {
        HttpRequest.Builder builder = request(uri);
        if (json == null) {
            builder.POST(HttpRequest.BodyPublishers.noBody());
        } else {
            builder.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
        }
        return send(builder, headers);
    }

    /** PUT of a JSON body; a 2xx answer, else an {@link ApiException}. */
    public ApiResponse put(URI uri, String json) {
        return send(
                request(uri).header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(json)),
                Map.of());
    }

    /** DELETE; a 2xx answer, else an {@link ApiException}. */
    public ApiResponse delete(URI uri) {
        return send(request(uri).DELETE(), Map.of());
    }

    /**
     * GET of a server-sent event stream: its lines as they arrive (close the stream to stop reading), else an
     * {@link ApiException}. No timeout once the answer started: the server's keep-alive comments show it is alive.
     */
    public Stream<String> events(URI uri) {
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(REQUEST_TIMEOUT)
                .header("Accept", "text/event-stream")
                .header("Authorization", "Bearer " + token())
                .GET()
                .build();
        HttpResponse<Stream<String>> response = exchange(streams, request, HttpResponse.BodyHandlers.ofLines());
        if (response.statusCode() / 100 != 2) {
            String body;
            try (Stream<String> lines = response.body()) {
                body = lines.collect(Collectors.joining("\n"));
            }
            throw new ApiException(Problem.of(
                    response.statusCode(),
                    response.headers().firstValue("Content-Type").orElse(null),
                    body.getBytes(StandardCharsets.UTF_8),
                    response.headers().firstValue("Retry-After").orElse(null)));
        }
        return response.body();
    }

    private HttpRequest.Builder request(URI uri) {
        return HttpRequest.newBuilder(uri).timeout(REQUEST_TIMEOUT).header("Accept", "application/json");
    }

    private ApiResponse send(HttpRequest.Builder builder, Map<String, String> headers) {
        headers.forEach(builder::header);
        builder.header("Authorization", "Bearer " + token());
        HttpRequest request = builder.build();
        HttpResponse<byte[]> response = exchange(http, request, HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() / 100 != 2) {
            throw new ApiException(Problem.of(
                    response.statusCode(),
                    response.headers().firstValue("Content-Type").orElse(null),
                    response.body(),
                    response.headers().firstValue("Retry-After").orElse(null)));
        }
        return new ApiResponse(response.statusCode(), response.body());
    }

    private static HttpClient client() {
        return HttpClient.newBuilder()
                .connectTimeout(CONNECT_TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    private <T> HttpResponse<T> exchange(HttpClient client, HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        try {
            return client.send(request, handler);
        } catch (HttpTimeoutException e) {
            throw new CliException(
                    ExitCodes.UNAVAILABLE,
                    "No answer from " + origin(request.uri()) + " within " + REQUEST_TIMEOUT.toSeconds() + " s.");
        } catch (ConnectException e) {
            throw new CliException(
                    ExitCodes.UNAVAILABLE,
                    "Cannot connect to " + origin(request.uri())
                            + " (is the stack running? on this machine: bin/taskgate up).");
        } catch (IOException e) {
            throw new CliException(
                    ExitCodes.UNAVAILABLE, "The call to " + origin(request.uri()) + " failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException(ExitCodes.INTERRUPTED, "Interrupted.");
        }
    }

    private synchronized String token() {
        if (cachedToken == null) {
            cachedToken = token.get();
        }
        return cachedToken;
    }

    private static String origin(URI uri) {
        return uri.getScheme() + "://" + uri.getAuthority();
    }
}
