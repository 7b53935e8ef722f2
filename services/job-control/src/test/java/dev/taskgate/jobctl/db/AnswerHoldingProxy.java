package dev.taskgate.jobctl.db;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A TCP proxy on loopback in front of PostgreSQL that, once {@linkplain #holdAnswersUntilSent armed}, holds back
 * everything the server sends until the client has sent a given text. A client that waits for an answer before it
 * sends that text never gets one (until the hold gives up after {@link #HOLD_BOUND_SECONDS}); a client that sends it
 * without waiting is answered as usual.
 */
final class AnswerHoldingProxy implements AutoCloseable {

    static final long HOLD_BOUND_SECONDS = 60;

    private final ServerSocket listener;
    private final int targetPort;
    private final CopyOnWriteArrayList<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile Hold hold;

    AnswerHoldingProxy(int targetPort) throws IOException {
        this.targetPort = targetPort;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "answer-holding-proxy");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return listener.getLocalPort();
    }

    /** From now on, the server's bytes wait until the client's bytes (from now on) contain {@code text}. */
    void holdAnswersUntilSent(String text) {
        hold = new Hold(text.getBytes(StandardCharsets.UTF_8));
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(server);
                pump(client.getInputStream(), server.getOutputStream(), true);
                pump(server.getInputStream(), client.getOutputStream(), false);
            } catch (IOException e) {
                return;
            }
        }
    }

    private void pump(InputStream in, OutputStream out, boolean fromClient) {
        Thread pump = new Thread(
                () -> {
                    byte[] buffer = new byte[16384];
                    try {
                        int n;
                        while ((n = in.read(buffer)) >= 0) {
                            Hold current = hold;
                            if (current != null) {
                                if (fromClient) {
                                    current.sent(buffer, n);
                                } else {
                                    current.await();
                                }
                            }
                            out.write(buffer, 0, n);
                            out.flush();
                        }
                    } catch (IOException | InterruptedException e) {
                        // the other side closed, or the proxy did
                    }
                    // pass the end on, so that the client's close completes as it does without the proxy
                    try {
                        out.close();
                    } catch (IOException e) {
                        // already closed
                    }
                },
                fromClient ? "proxy-to-server" : "proxy-to-client");
        pump.setDaemon(true);
        pump.start();
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket socket : sockets) {
            socket.close();
        }
    }

    private static final class Hold {
        private final byte[] marker;
        private final ByteArrayOutputStream seen = new ByteArrayOutputStream();
        private final CountDownLatch released = new CountDownLatch(1);

        Hold(byte[] marker) {
            this.marker = marker;
        }

        synchronized void sent(byte[] bytes, int length) {
            seen.write(bytes, 0, length);
            if (new String(seen.toByteArray(), StandardCharsets.ISO_8859_1)
                    .contains(new String(marker, StandardCharsets.ISO_8859_1))) {
                released.countDown();
            }
        }

        void await() throws InterruptedException {
            released.await(HOLD_BOUND_SECONDS, TimeUnit.SECONDS);
        }
    }
}
