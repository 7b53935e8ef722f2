package dev.taskgate.frontend.console;

import java.net.URI;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the operator console's pages are sent with: the Content-Security-Policy and the other response headers of
 * every {@code /console} answer, and the settings the page reads at start ({@code settings.json}: where the webhook
 * API is). The page holds no other configuration and no secret; the token is the one the user pastes.
 */
public final class ConsolePolicy {
    /** The configuration key behind {@code webhooksUrl}, named when it is refused. */
    public static final String WEBHOOKS_URL_KEY = "taskgate.console.webhooks-url";

    private final Optional<String> webhooksOrigin;

    /**
     * @param webhooksUrl where browsers reach webhook-dispatcher's API; empty when it is the console's own origin
     * @throws IllegalArgumentException when the URL is not an absolute http(s) URL without path, query or user info
     */
    public ConsolePolicy(Optional<URI> webhooksUrl) {
        this.webhooksOrigin = webhooksUrl.map(ConsolePolicy::origin);
    }

    private static String origin(URI url) {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        boolean pathless = url.getRawPath() == null || url.getRawPath().isEmpty() || "/".equals(url.getRawPath());
        if (!("http".equals(scheme) || "https".equals(scheme))
                || url.getHost() == null
                || url.getRawUserInfo() != null
                || url.getRawQuery() != null
                || url.getRawFragment() != null
                || !pathless) {
            throw new IllegalArgumentException(WEBHOOKS_URL_KEY + " must be an http(s) URL of scheme, host and port "
                    + "only (e.g. https://hooks.example.com), not " + url);
        }
        String host = url.getHost().toLowerCase(Locale.ROOT);
        return scheme + "://" + host + (url.getPort() == -1 ? "" : ":" + url.getPort());
    }

    /** The webhook API's origin when it is not the console's own. */
    public Optional<String> webhooksOrigin() {
        return webhooksOrigin;
    }

    /**
     * Only the console's own files run, no inline script or style, no framing, no plug-ins; data goes only to the
     * console's origin and the webhook API's.
     */
    public String contentSecurityPolicy() {
        return "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
                + "connect-src 'self'" + webhooksOrigin.map(o -> " " + o).orElse("") + "; "
                + "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
    }

    /** Every header a {@code /console} answer carries, the policy included. */
    public Map<String, String> headers() {
        return Map.of(
                "Content-Security-Policy", contentSecurityPolicy(),
                "X-Content-Type-Options", "nosniff",
                "X-Frame-Options", "DENY",
                "Referrer-Policy", "no-referrer",
                // a new version of the console is picked up at the next load, never mixed with cached modules
                "Cache-Control", "no-cache");
    }

    /** {@code settings.json}: the webhook API's base URL, {@code ""} for the console's own origin. */
    public String settingsJson() {
        return "{\"webhooks_url\":\"" + webhooksOrigin.orElse("") + "\"}";
    }
}
