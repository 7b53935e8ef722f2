import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The load drivers' HTTP/1.1 client: blocking exchanges over one kept-alive connection per calling thread, written
 * for the benchmark's loopback requests and nothing else (no TLS, no redirects, no proxies, no 100-continue; bodies
 * by Content-Length or chunked). It exists because the drivers share the two cores with the stack they measure: the
 * JDK's {@code java.net.http.HttpClient} spent about half a millisecond of CPU per request here (its selector thread,
 * executor hand-offs and futures), a fifth of the machine under the closed loops, where one blocking write and read
 * per request costs less than a tenth of that (docs/performance.md "A lighter load driver").
 *
 * <p>A connection is opened on a thread's first request and reused; one the server closed while it lay idle is
 * replaced once, before anything of the request was read back. Every read waits at most the timeout.
 */
final class LoopbackHttp {
    /** An answer: status, headers (names in lower case, the first value of each) and the body as text. */
    record Response(int status, Map<String, String> headers, String body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private final String host;
    private final int port;
    private final int timeoutMs;
    private final ThreadLocal<Connection> connections = new ThreadLocal<>();

    /** @param base e.g. {@code http://127.0.0.1:8080}; loopback only */
    LoopbackHttp(String base, int timeoutMs) {
        URI uri = URI.create(base);
        if (!"http".equals(uri.getScheme()) || !uri.getHost().matches("127\\.0\\.0\\.1|localhost|\\[::1\\]")) {
            throw new IllegalArgumentException("plain HTTP to loopback only: " + base);
        }
        this.host = uri.getHost();
        this.port = uri.getPort() < 0 ? 80 : uri.getPort();
        this.timeoutMs = timeoutMs;
    }

    /** The headers of a JSON POST with the bearer token, then {@code more} (name, value, …). */
    static String[] jsonPost(String token, String... more) {
        return concat(new String[] {"Authorization", "Bearer " + token, "Content-Type", "application/json"}, more);
    }

    /**
     * The headers of an MCP POST over Streamable HTTP, as the drivers send them: {@link #jsonPost}'s, JSON or an event
     * stream accepted, the protocol version, then {@code more} (name, value, …).
     */
    static String[] mcpHeaders(String token, String protocolVersion, String... more) {
        return jsonPost(
                token,
                concat(
                        new String[] {
                            "Accept", "application/json, text/event-stream", "MCP-Protocol-Version", protocolVersion
                        },
                        more));
    }

    private static String[] concat(String[] first, String[] second) {
        String[] all = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }

    /** One exchange on this thread's connection; {@code headers} as name, value, name, value … */
    Response send(String method, String target, String body, String... headers) {
        byte[] request = request(method, target, body, headers);
        Connection connection = connections.get();
        boolean reused = connection != null;
        try {
            if (connection == null) {
                connection = open();
            }
            return answered(connection, request);
        } catch (StaleConnection e) {
            discard(connection);
            if (!reused) {
                throw new UncheckedIOException(e);
            }
            Connection fresh = null;
            try {
                fresh = open();
                return answered(fresh, request);
            } catch (IOException again) {
                discard(fresh);
                throw new UncheckedIOException(again);
            }
        } catch (IOException e) {
            discard(connection);
            throw new UncheckedIOException(e);
        }
    }

    // a connection that failed is closed and forgotten, so that the thread's next request opens another
    private void discard(Connection connection) {
        if (connection != null) {
            connection.close();
        }
        connections.remove();
    }

    // a connection the server asked to close is not kept for the next request
    private Response answered(Connection connection, byte[] request) throws IOException {
        Response response = connection.exchange(request);
        if ("close".equalsIgnoreCase(response.header("Connection"))) {
            discard(connection);
        }
        return response;
    }

    private byte[] request(String method, String target, String body, String[] headers) {
        byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder(256)
                .append(method)
                .append(' ')
                .append(target)
                .append(" HTTP/1.1\r\n")
                .append("Host: ")
                .append(host)
                .append(':')
                .append(port)
                .append("\r\n");
        for (int i = 0; i + 1 < headers.length; i += 2) {
            head.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
        }
        if (body != null) {
            head.append("Content-Length: ").append(content.length).append("\r\n");
        }
        head.append("\r\n");
        byte[] start = head.toString().getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[start.length + content.length];
        System.arraycopy(start, 0, all, 0, start.length);
        System.arraycopy(content, 0, all, start.length, content.length);
        return all;
    }

    private Connection open() throws IOException {
        Socket socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(host, port), timeoutMs);
        socket.setSoTimeout(timeoutMs);
        Connection connection = new Connection(socket);
        connections.set(connection);
        return connection;
    }

    /** The server closed a kept-alive connection before answering anything: the request may be sent again. */
    private static final class StaleConnection extends IOException {
        StaleConnection() {
            super("the connection was closed before an answer began");
        }
    }

    private static final class Connection {
        private final Socket socket;
        private final OutputStream out;
        private final InputStream in;

        Connection(Socket socket) throws IOException {
            this.socket = socket;
            this.out = new BufferedOutputStream(socket.getOutputStream(), 8192);
            this.in = new BufferedInputStream(socket.getInputStream(), 16384);
        }

        Response exchange(byte[] request) throws IOException {
            try {
                out.write(request);
                out.flush();
            } catch (IOException e) {
                throw new StaleConnection();
            }
            try {
                return answer();
            } catch (NumberFormatException e) {
                throw new IOException("a malformed answer: " + e.getMessage());
            }
        }

        private Response answer() throws IOException {
            String statusLine = line(true);
            String[] parts = statusLine.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
                throw new IOException("not an HTTP/1.x status line: " + statusLine);
            }
            int status = Integer.parseInt(parts[1]);
            Map<String, String> headers = new HashMap<>();
            for (String header = line(false); !header.isEmpty(); header = line(false)) {
                int colon = header.indexOf(':');
                if (colon > 0) {
                    headers.putIfAbsent(
                            header.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                            header.substring(colon + 1).trim());
                }
            }
            return new Response(status, headers, new String(body(status, headers), StandardCharsets.UTF_8));
        }

        private byte[] body(int status, Map<String, String> headers) throws IOException {
            if (status < 200 || status == 204 || status == 304) {
                return new byte[0]; // never a body (RFC 9112 §6.3)
            }
            if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
                ByteArrayOutputStream body = new ByteArrayOutputStream();
                while (true) {
                    String size = line(false);
                    int semicolon = size.indexOf(';');
                    int length = Integer.parseInt((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
                    if (length == 0) {
                        while (!line(false).isEmpty()) {
                            // trailers, ignored
                        }
                        return body.toByteArray();
                    }
                    body.write(in.readNBytes(length));
                    line(false);
                }
            }
            String length = headers.get("content-length");
            if (length != null) {
                byte[] body = in.readNBytes(Integer.parseInt(length));
                if (body.length < Integer.parseInt(length)) {
                    throw new IOException("the connection closed inside the body");
                }
                return body;
            }
            // neither: the body ends with the connection, which is then of no further use
            headers.put("connection", "close");
            return in.readAllBytes();
        }

        // A CRLF-terminated line without its end. Before a status line, a connection closed or reset before its first
        // byte is a stale one (the server dropped it while it lay idle); a timeout is not.
        private String line(boolean first) throws IOException {
            StringBuilder line = new StringBuilder(64);
            int c;
            while ((c = read(first && line.length() == 0)) != '\n') {
                if (c < 0) {
                    if (first && line.length() == 0) {
                        throw new StaleConnection();
                    }
                    throw new IOException("the connection closed inside the head");
                }
                if (c != '\r') {
                    line.append((char) c);
                }
            }
            return line.toString();
        }

        private int read(boolean firstOfAnswer) throws IOException {
            if (!firstOfAnswer) {
                return in.read();
            }
            try {
                return in.read();
            } catch (SocketTimeoutException e) {
                throw e;
            } catch (IOException e) {
                throw new StaleConnection();
            }
        }

        void close() {
            try {
                socket.close();
            } catch (IOException e) {
                // closing: nothing left to do
            }
        }
    }
}
