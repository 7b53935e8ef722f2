package dev.taskgate.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback TCP balancer in front of the instances of one service, as kube-proxy is for a ClusterIP Service: each
 * new connection goes to the next ready instance ({@link ServiceEndpoints}) and stays with it; a refused connection
 * is tried on another ready instance (bounded by {@value #CONNECT_BOUND_MILLIS} ms) before the client's connection
 * is closed. The services' own HTTP clients (mcp-frontend and worker-pool calling job-control) reach job-control
 * through it, so a job-control restart is seen as it is in a cluster, not as a fixed address going away.
 */
final class ConnectionBalancer implements AutoCloseable {
    private static final long CONNECT_BOUND_MILLIS = 10_000;

    private final ServiceEndpoints endpoints;
    private final ServerSocket listener;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final Thread acceptor;
    /** Connections to an instance that were refused and tried on another one. */
    final AtomicInteger refusals = new AtomicInteger();
    /** Client connections closed because no instance took them within the bound. */
    final AtomicInteger dropped = new AtomicInteger();

    ConnectionBalancer(String service, ServiceEndpoints endpoints) throws IOException {
        this.endpoints = endpoints;
        this.listener = new ServerSocket(0, 100, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::accept, service + "-balancer");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** The base URL clients use instead of an instance's. */
    String url() {
        return "http://127.0.0.1:" + listener.getLocalPort();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                open.add(client);
                Thread connect = new Thread(() -> forward(client), "balancer-connect");
                connect.setDaemon(true);
                connect.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void forward(Socket client) {
        Socket backend = connect();
        if (backend == null) {
            dropped.incrementAndGet();
            close(client);
            return;
        }
        open.add(backend);
        AtomicInteger directions = new AtomicInteger(2);
        pump(client, backend, directions, "balancer-up");
        pump(backend, client, directions, "balancer-down");
    }

    private Socket connect() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CONNECT_BOUND_MILLIS);
        ServiceProcess refused = null;
        while (System.nanoTime() < deadline) {
            Optional<ServiceProcess> target = refused == null ? endpoints.pick() : endpoints.pickOther(refused);
            if (target.isPresent()) {
                Socket backend = new Socket();
                try {
                    backend.connect(
                            new InetSocketAddress(
                                    InetAddress.getLoopbackAddress(),
                                    target.get().port()),
                            1000);
                    return backend;
                } catch (IOException e) {
                    refusals.incrementAndGet();
                    refused = target.get();
                    close(backend);
                }
            }
            try {
                TimeUnit.MILLISECONDS.sleep(ServiceEndpoints.POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        return null;
    }

    // copies one direction until its end and half-closes the other side; a reset, or the end of both directions,
    // closes both sockets
    private void pump(Socket from, Socket to, AtomicInteger directions, String name) {
        Thread pump = new Thread(
                () -> {
                    byte[] buffer = new byte[16 * 1024];
                    try {
                        InputStream in = from.getInputStream();
                        OutputStream out = to.getOutputStream();
                        int n;
                        while ((n = in.read(buffer)) >= 0) {
                            out.write(buffer, 0, n);
                            out.flush();
                        }
                        to.shutdownOutput();
                        if (directions.decrementAndGet() > 0) {
                            return;
                        }
                    } catch (IOException e) {
                        // a reset on one side is passed on as a close of the other
                    }
                    close(from);
                    close(to);
                },
                name);
        pump.setDaemon(true);
        pump.start();
    }

    private void close(Socket socket) {
        open.remove(socket);
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket s : open) {
            close(s);
        }
    }
}
