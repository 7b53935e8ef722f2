package dev.taskgate.frontend.mcp.http;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import io.vertx.core.net.HostAndPort;

import dev.taskgate.frontend.FrontendConfig;

/**
 * DNS-rebinding guard on the {@code Host} header (MCP 2026-07-28 §6.1, checked together with {@code Origin}): a
 * page on a hostile domain that re-points its name at this server still sends its own name as {@code Host}, so
 * only names this server is known by are served. Allowed: the loopback names, the configured public host and the
 * configured extra hosts; {@code *} turns the check off. The port is ignored: the name is what a rebinding
 * attacker controls.
 */
@Singleton
class HostGuard {
    /** What a request's {@code Host} header amounts to. */
    enum Verdict {
        /** A name this server answers to. */
        ALLOWED,
        /** No {@code Host} header (HTTP/1.0): nothing shows which server the caller meant. */
        MISSING,
        /** Some other name. */
        FOREIGN
    }

    private static final List<String> LOOPBACK = List.of("localhost", "127.0.0.1", "[::1]");

    private final Set<String> allowed;
    private final boolean any;

    @Inject
    HostGuard(FrontendConfig config) {
        this(
                config.mcp().publicHost().map(List::of).orElse(List.of()),
                config.mcp().allowedHosts().orElse(List.of()));
    }

    HostGuard(List<String> publicHosts, List<String> extraHosts) {
        Set<String> names = new HashSet<>(LOOPBACK);
        publicHosts.forEach(h -> names.add(name(h)));
        extraHosts.forEach(h -> names.add(name(h)));
        this.any = names.contains("*");
        this.allowed = Set.copyOf(names);
    }

    /** The verdict on a request's authority ({@code Host} or HTTP/2 {@code :authority}; {@code null} when absent). */
    Verdict check(HostAndPort authority) {
        if (authority == null) {
            return Verdict.MISSING;
        }
        String host = authority.host();
        // an IPv6 literal may come without its brackets
        return check(host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host);
    }

    /** The verdict on a {@code Host} header value ({@code null} when absent). */
    Verdict check(String host) {
        if (host == null || host.isBlank()) {
            return Verdict.MISSING;
        }
        return any || allowed.contains(name(host)) ? Verdict.ALLOWED : Verdict.FOREIGN;
    }

    /** The host name of {@code host[:port]} in lower case, without a trailing dot; IPv6 literals keep brackets. */
    static String name(String host) {
        String h = host.trim().toLowerCase(Locale.ROOT);
        if (h.startsWith("[")) {
            int end = h.indexOf(']');
            return end < 0 ? h : h.substring(0, end + 1);
        }
        int colon = h.indexOf(':');
        if (colon >= 0 && h.indexOf(':', colon + 1) < 0) {
            h = h.substring(0, colon);
        }
        return h.endsWith(".") ? h.substring(0, h.length() - 1) : h;
    }
}
