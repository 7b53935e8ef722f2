package dev.taskgate.frontend.support;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Wire;

/**
 * A raw HTTP client for the frontend under test: sends exactly the headers and bytes given (no content type or
 * charset added behind the test's back) and returns the exact response bytes.
 */
public final class Api {
    /** Org and project the default test tokens carry. */
    public static final String ORG = "acme";
    /** Project the default test tokens carry. */
    public static final String PROJECT = "demo";
    /** Collection path for {@link #ORG}/{@link #PROJECT}. */
    public static final String EXECUTIONS = "/v1/orgs/" + ORG + "/projects/" + PROJECT + "/tool-executions";

    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final URI base;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private HttpRequest.BodyPublisher body = HttpRequest.BodyPublishers.noBody();

    private Api(URI base) {
        this.base = base;
    }

    /** A request against the application at {@code base} (the {@code @TestHTTPResource} root). */
    public static Api at(URI base) {
        return new Api(base);
    }

    /** Sets a header; {@code null} removes it (the request is sent without it). */
    public Api header(String name, String value) {
        if (value == null) {
            headers.remove(name);
        } else {
            headers.put(name, value);
        }
        return this;
    }

    /** {@code Authorization: Bearer <token>}. */
    public Api bearer(String token) {
        return header("Authorization", "Bearer " + token);
    }

    /** A JSON body with {@code Content-Type: application/json}. */
    public Api json(String json) {
        header("Content-Type", "application/json");
        return bytes(json.getBytes(StandardCharsets.UTF_8));
    }

    /** Raw body bytes with a Content-Length. */
    public Api bytes(byte[] bytes) {
        this.body = HttpRequest.BodyPublishers.ofByteArray(bytes);
        return this;
    }

    /** Raw body bytes sent chunked, without a Content-Length. */
    public Api chunked(byte[] bytes) {
        this.body = HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(bytes));
        return this;
    }

    /** Sends a POST. */
    public Result post(String path) {
        return send("POST", path);
    }

    /** Sends a GET. */
    public Result get(String path) {
        this.body = HttpRequest.BodyPublishers.noBody();
        return send("GET", path);
    }

    /** Sends a PUT. */
    public Result put(String path) {
        return send("PUT", path);
    }

    /** Sends a DELETE. */
    public Result delete(String path) {
        this.body = HttpRequest.BodyPublishers.noBody();
        return send("DELETE", path);
    }

    private Result send(String method, String path) {
        HttpRequest.Builder request = HttpRequest.newBuilder(
                        base.resolve(path.startsWith("/") ? path.substring(1) : path))
                .timeout(Duration.ofSeconds(30))
                .method(method, body);
        headers.forEach(request::header);
        try {
            HttpResponse<byte[]> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new Result(response);
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A response. */
    public static final class Result {
        private final HttpResponse<byte[]> response;

        Result(HttpResponse<byte[]> response) {
            this.response = response;
        }

        /** The status code. */
        public int status() {
            return response.statusCode();
        }

        /** A header's first value, or null. */
        public String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }

        /** The exact body bytes. */
        public byte[] bytes() {
            return response.body();
        }

        /** The body as UTF-8 text. */
        public String text() {
            return new String(response.body(), StandardCharsets.UTF_8);
        }

        /** The body parsed as JSON. */
        public JsonNode json() {
            try {
                return Wire.mapper().readTree(response.body());
            } catch (IOException e) {
                throw new AssertionError("body is not JSON: " + text(), e);
            }
        }

        /** The problem type's slug, for problem bodies. */
        public String problemSlug() {
            String type = json().path("type").asText();
            return type.substring(type.lastIndexOf('/') + 1);
        }

        @Override
        public String toString() {
            return status() + " " + response.headers().map() + " " + text();
        }
    }
}
