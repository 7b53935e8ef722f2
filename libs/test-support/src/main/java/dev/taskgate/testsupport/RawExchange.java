package dev.taskgate.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One HTTP/1.1 exchange over a plain socket, for requests {@link java.net.http.HttpClient} will not send as written: a
 * request head of any size, a {@code Content-Length} announcing a body that never comes. The request always ends with
 * {@code Connection: close}; the answer is read until the server closes the connection.
 *
 * @param status  the status code
 * @param head    the status line and headers, as received
 * @param body    the body (not de-chunked: the answers under test carry a {@code Content-Length})
 */
public record RawExchange(int status, String head, String body) {

    /**
     * Sends {@code method target HTTP/1.1}, {@code Host}, the extra header lines (each {@code "Name: value"}) and,
     * when {@code body} is not null, its bytes; returns the answer.
     */
    public static RawExchange send(URI base, String method, String target, String[] headerLines, byte[] body) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
            socket.setSoTimeout(30_000);
            StringBuilder head = new StringBuilder(method)
                    .append(' ')
                    .append(target)
                    .append(" HTTP/1.1\r\nHost: ")
                    .append(base.getHost())
                    .append(':')
                    .append(base.getPort())
                    .append("\r\n");
            for (String line : headerLines) {
                head.append(line).append("\r\n");
            }
            head.append("Connection: close\r\n\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.UTF_8));
            if (body != null) {
                out.write(body);
            }
            out.flush();
            return parse(readUntilClosed(socket.getInputStream()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The value of the first header of this name (case-insensitive), or null. */
    public String header(String name) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0
                    && line.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                return line.substring(colon + 1).trim();
            }
        }
        return null;
    }

    // A server answering before reading the whole request may reset the connection after its answer.
    private static byte[] readUntilClosed(InputStream in) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                all.write(buffer, 0, n);
            }
        } catch (SocketException reset) {
            if (all.size() == 0) {
                throw reset;
            }
        }
        return all.toByteArray();
    }

    private static RawExchange parse(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        int end = text.indexOf("\r\n\r\n");
        String head = end < 0 ? text : text.substring(0, end);
        String body = end < 0 ? "" : text.substring(end + 4);
        String[] statusLine = head.split("\r\n", 2)[0].split(" ");
        if (statusLine.length < 2) {
            throw new IllegalStateException("no HTTP answer: " + head);
        }
        return new RawExchange(Integer.parseInt(statusLine[1]), head, body);
    }
}
