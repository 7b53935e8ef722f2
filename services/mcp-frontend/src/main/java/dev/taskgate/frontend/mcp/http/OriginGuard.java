package dev.taskgate.frontend.mcp.http;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.taskgate.frontend.FrontendConfig;

/**
 * DNS-rebinding guard of MCP 2026-07-28 §6.1: a request carrying an {@code Origin} must name an allowed origin. A
 * request without {@code Origin} (not sent by a browser) passes; authentication still applies to it.
 */
@Singleton
class OriginGuard {
    private final Set<String> allowed;

    @Inject
    OriginGuard(FrontendConfig config) {
        this(config.mcp().allowedOrigins().orElse(List.of()));
    }

    OriginGuard(List<String> allowed) {
        this.allowed = allowed.stream().map(OriginGuard::normalise).collect(Collectors.toUnmodifiableSet());
    }

    /** Whether a request with this {@code Origin} header (null when absent) may be served. */
    boolean allows(String origin) {
        return origin == null || allowed.contains(normalise(origin));
    }

    private static String normalise(String origin) {
        String trimmed = origin.trim();
        return trimmed.endsWith("/")
                ? trimmed.substring(0, trimmed.length() - 1).toLowerCase(Locale.ROOT)
                : trimmed.toLowerCase(Locale.ROOT);
    }
}
