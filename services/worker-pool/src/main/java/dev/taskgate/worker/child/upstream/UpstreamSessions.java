package dev.taskgate.worker.child.upstream;

import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import dev.taskgate.pinnedhttp.PinnedEndpoint;

/**
 * What a child keeps between its upstream calls, so that a call costs one request instead of four (initialize,
 * notifications/initialized, the call, DELETE) and no new connection: one HTTP client per connect timeout, whose
 * connections stay open, and the session each upstream last left idle. A session is found by a digest of the URL,
 * the protocol and the request headers — never by the headers themselves, which hold credentials: only its id and
 * negotiated version stay in memory. Sessions beyond {@value #MAX_IDLE} are forgotten, not ended; the upstream
 * expires them. A stdio upstream's process is kept likewise, found by a digest of its command: at most
 * {@value #MAX_IDLE_PROCESSES}, each stopped after {@link #PROCESS_IDLE_TIMEOUT} idle.
 */
final class UpstreamSessions {
    static final int MAX_IDLE = 32;

    /**
     * A session no run is using.
     *
     * @param sessionId its {@code Mcp-Session-Id}
     * @param version   the protocol version its {@code initialize} negotiated
     */
    record Idle(String sessionId, String version) {}

    // one client per connect timeout and TLS server name: a TLS context must not serve two server names
    private final Map<ClientKey, HttpClient> clients = new ConcurrentHashMap<>();

    private record ClientKey(Duration connectTimeout, Optional<String> serverName) {}

    /** Stdio upstream processes kept idle per child; beyond, the longest idle is stopped. */
    static final int MAX_IDLE_PROCESSES = 4;

    /** How long a stdio upstream process may stay idle before it is stopped. */
    static final Duration PROCESS_IDLE_TIMEOUT = Duration.ofMinutes(5);

    /** The child's own (declared after the timeout it reads). */
    static final UpstreamSessions CHILD = new UpstreamSessions();

    /**
     * An initialized stdio upstream process no run is using.
     *
     * @param process the process
     * @param output  the queue its output is read into
     * @param version the protocol version its {@code initialize} negotiated
     * @param nextId  the next JSON-RPC request id (ids are never reused on one process)
     */
    record IdleProcess(StdioProcess process, BlockingQueue<StreamItem> output, String version, long nextId) {}

    private record KeptProcess(IdleProcess idle, long sinceNanos) {}

    private final Map<String, KeptProcess> idleProcesses = new LinkedHashMap<>();
    private final Duration processIdleTimeout;
    private ScheduledExecutorService sweeper;

    UpstreamSessions() {
        this(PROCESS_IDLE_TIMEOUT);
    }

    UpstreamSessions(Duration processIdleTimeout) {
        this.processIdleTimeout = processIdleTimeout;
    }

    private final Map<String, Idle> idle = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Idle> eldest) {
            return size() > MAX_IDLE;
        }
    };

    /**
     * The HTTP client for upstreams with this connect timeout whose TLS server name is {@code serverName} (redirects
     * never followed: the address was checked).
     */
    HttpClient client(Duration connectTimeout, Optional<String> serverName) {
        return clients.computeIfAbsent(
                new ClientKey(connectTimeout, serverName),
                key -> PinnedEndpoint.clientBuilder(key.serverName())
                        .version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(key.connectTimeout())
                        .followRedirects(HttpClient.Redirect.NEVER)
                        .build());
    }

    /** Takes the idle session of {@code target}'s upstream, if there is one: it is in use until {@link #keep}. */
    synchronized Optional<Idle> take(UpstreamTarget target) {
        return Optional.ofNullable(idle.remove(key(target)));
    }

    /** Leaves a session that ended its run cleanly for the next call of the same upstream. */
    synchronized void keep(UpstreamTarget target, Idle session) {
        idle.put(key(target), session);
    }

    /**
     * Takes the idle process of {@code target}'s stdio command, if one is alive, initialized and silent since its last
     * run: a process that died, or wrote anything while idle, is stopped and forgotten, and the run starts its own.
     */
    synchronized Optional<IdleProcess> takeProcess(UpstreamTarget target) {
        if (target.command().isEmpty()) {
            return Optional.empty();
        }
        KeptProcess kept = idleProcesses.remove(processKey(target));
        if (kept == null) {
            return Optional.empty();
        }
        if (!kept.idle().process().isAlive() || !kept.idle().output().isEmpty() || expired(kept, System.nanoTime())) {
            kept.idle().process().stopInBackground();
            return Optional.empty();
        }
        return Optional.of(kept.idle());
    }

    /**
     * Keeps the process of a run that ended cleanly for the next call of the same command; beyond
     * {@value #MAX_IDLE_PROCESSES} the longest idle one is stopped, and any is stopped after the idle timeout.
     */
    synchronized void keepProcess(UpstreamTarget target, IdleProcess process) {
        KeptProcess replaced = idleProcesses.put(processKey(target), new KeptProcess(process, System.nanoTime()));
        if (replaced != null) {
            replaced.idle().process().stopInBackground();
        }
        while (idleProcesses.size() > MAX_IDLE_PROCESSES) {
            String eldest = idleProcesses.keySet().iterator().next();
            idleProcesses.remove(eldest).idle().process().stopInBackground();
        }
        if (sweeper == null) {
            sweeper = Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, "stdio-upstream-sweeper");
                thread.setDaemon(true);
                return thread;
            });
        }
        sweeper.schedule(this::stopExpired, processIdleTimeout.toMillis() + 1, TimeUnit.MILLISECONDS);
    }

    /** How many stdio processes are idle now. */
    synchronized int idleProcesses() {
        return idleProcesses.size();
    }

    private synchronized void stopExpired() {
        long now = System.nanoTime();
        idleProcesses.values().removeIf(kept -> {
            if (expired(kept, now)) {
                kept.idle().process().stopInBackground();
                return true;
            }
            return false;
        });
    }

    private boolean expired(KeptProcess kept, long now) {
        return now - kept.sinceNanos() >= processIdleTimeout.toNanos();
    }

    /**
     * A digest of the command (argv, working directory, environment: secrets included, hence only the digest) and of
     * the capabilities declared when the process was initialized (an upstream's relay setting).
     */
    private static String processKey(UpstreamTarget target) {
        StdioCommand command = target.command().orElseThrow();
        StringBuilder text =
                new StringBuilder().append(target.protocol()).append('\n').append(new TreeSet<>(target.relays()));
        command.argv()
                .forEach(arg ->
                        text.append('\n').append(arg.length()).append(':').append(arg));
        text.append('\n').append(command.workingDirectory().orElse(""));
        new TreeMap<>(command.environment())
                .forEach((name, value) ->
                        text.append('\n').append(name).append('=').append(value));
        return digest(text.toString());
    }

    private static String key(UpstreamTarget target) {
        // a session keeps the capabilities declared at its initialize
        StringBuilder text = new StringBuilder()
                .append(target.url())
                .append('\n')
                .append(target.protocol())
                .append('\n')
                .append(new TreeSet<>(target.relays()));
        new TreeMap<>(target.headers())
                .forEach((name, value) ->
                        text.append('\n').append(name).append(':').append(value));
        return digest(text.toString());
    }

    private static String digest(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is unavailable", e);
        }
    }
}
