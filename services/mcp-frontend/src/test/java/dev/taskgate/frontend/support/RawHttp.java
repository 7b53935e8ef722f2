package dev.taskgate.frontend.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * HTTP over a plain socket, for what {@link java.net.http.HttpClient} will not send: a foreign or missing
 * {@code Host} header, or a connection the test drops on purpose.
 */
public final class RawHttp implements AutoCloseable {
    private final Socket socket;

    private RawHttp(Socket socket) {
        this.socket = socket;
    }

    /**
     * Opens a connection to {@code base} and sends {@code POST /mcp} with exactly these headers (plus
     * {@code Content-Length} and {@code Connection: close}) and this body. {@code version} is e.g. {@code HTTP/1.1}.
     */
    public static RawHttp post(URI base, String version, Map<String, String> headers, String body) {
        try {
            Socket socket = new Socket();
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
            socket.setSoTimeout(30_000);
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            StringBuilder head = new StringBuilder("POST /mcp ").append(version).append("\r\n");
            headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
            head.append("Content-Length: ").append(bytes.length).append("\r\nConnection: close\r\n\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.flush();
            return new RawHttp(socket);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Opens a connection to {@code base} and sends {@code GET /mcp} HTTP/1.1 with exactly these headers. */
    public static RawHttp get(URI base, Map<String, String> headers) {
        return get(base, "/mcp", headers);
    }

    /** Opens a connection to {@code base} and sends {@code GET path} HTTP/1.1 with exactly these headers. */
    public static RawHttp get(URI base, String path, Map<String, String> headers) {
        try {
            Socket socket = new Socket();
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
            socket.setSoTimeout(30_000);
            StringBuilder head = new StringBuilder("GET ").append(path).append(" HTTP/1.1\r\n");
            headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
            head.append("\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return new RawHttp(socket);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads the whole response (the server closes the connection after it). */
    public String readAll() {
        try (InputStream in = socket.getInputStream()) {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            in.transferTo(all);
            return all.toString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads until what arrived contains {@code text} (or the read times out after 30 s), and returns all of it; for a
     * response that stays open.
     */
    public String readUntil(String text) {
        try {
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            byte[] chunk = new byte[1024];
            while (!read.toString(StandardCharsets.UTF_8).contains(text)) {
                int n = in.read(chunk);
                if (n < 0) {
                    throw new IOException("the server closed the connection before sending " + text + ": " + read);
                }
                read.write(chunk, 0, n);
            }
            return read.toString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The status code of a full response text. */
    public static int status(String response) {
        return Integer.parseInt(response.substring(response.indexOf(' ') + 1, response.indexOf(' ') + 4));
    }

    /** The body of a full response text (after the blank line). */
    public static String body(String response) {
        return response.substring(response.indexOf("\r\n\r\n") + 4);
    }

    /** Drops the connection, like a client that goes away; more calls do nothing. */
    public void drop() {
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }

    /** Drops the connection if the test has not. */
    @Override
    public void close() {
        drop();
    }
}
