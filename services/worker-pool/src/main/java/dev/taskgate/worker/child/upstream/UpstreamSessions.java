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
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a child keeps between its upstream calls, so that a call costs one request instead of four (initialize,
 * notifications/initialized, the call, DELETE) and no new connection: one HTTP client per connect timeout, whose
 * connections stay open, and the session each upstream last left idle. A session is found by a digest of the URL,
 * the protocol and the request headers — never by the headers themselves, which hold credentials: only its id and
 * negotiated version stay in memory. Sessions beyond {@value #MAX_IDLE} are forgotten, not ended; the upstream
 * expires them.
 */
final class UpstreamSessions {
    /** The child's own. */
    static final UpstreamSessions CHILD = new UpstreamSessions();

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

    private static String key(UpstreamTarget target) {
        StringBuilder text =
                new StringBuilder().append(target.url()).append('\n').append(target.protocol());
        new TreeMap<>(target.headers())
                .forEach((name, value) ->
                        text.append('\n').append(name).append(':').append(value));
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256")
                            .digest(text.toString().getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is unavailable", e);
        }
    }
}
