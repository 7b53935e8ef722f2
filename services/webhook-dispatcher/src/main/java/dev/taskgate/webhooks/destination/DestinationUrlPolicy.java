package dev.taskgate.webhooks.destination;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.taskgate.contracts.egress.AddressClassifier;
import dev.taskgate.webhooks.WebhooksConfig;
import dev.taskgate.webhooks.problem.ProblemKind;
import dev.taskgate.webhooks.problem.Problems;

/**
 * Checks a subscription URL when it is registered: absolute {@code https} (or {@code http} when allowed), a host,
 * no user info or fragment, at most 2048 characters, and no literal forbidden address or {@code localhost} (unless
 * private destinations are allowed). Host names are checked again after resolution at every attempt
 * ({@link DestinationGuard}).
 */
@ApplicationScoped
public class DestinationUrlPolicy {
    static final int MAX_LENGTH = 2048;

    private final boolean allowHttp;
    private final boolean allowPrivate;

    @Inject
    DestinationUrlPolicy(WebhooksConfig config) {
        this(config.allowHttpDestinations(), config.allowPrivateDestinations());
    }

    /** A policy with explicit switches. */
    public DestinationUrlPolicy(boolean allowHttp, boolean allowPrivate) {
        this.allowHttp = allowHttp;
        this.allowPrivate = allowPrivate;
    }

    /** The parsed URL, or a 400/422 problem naming the defect. */
    public URI check(String url) {
        if (url.length() > MAX_LENGTH) {
            throw Problems.invalid("/url", "url must be at most " + MAX_LENGTH + " characters.");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw Problems.invalid("/url", "url is not a valid URI: " + e.getReason() + ".");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!uri.isAbsolute() || !(scheme.equals("https") || scheme.equals("http"))) {
            throw Problems.invalid("/url", "url must be an absolute https URL.");
        }
        if (scheme.equals("http") && !allowHttp) {
            throw Problems.invalid("/url", "url must use https.");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw Problems.invalid("/url", "url must name a host.");
        }
        if (uri.getRawUserInfo() != null) {
            throw Problems.invalid("/url", "url must not carry user info.");
        }
        if (uri.getRawFragment() != null) {
            throw Problems.invalid("/url", "url must not have a fragment.");
        }
        if (!allowPrivate) {
            literalRefusal(uri.getHost()).ifPresent(reason -> {
                throw ProblemKind.DESTINATION_NOT_ALLOWED
                        .problem("url points to a " + reason + ", which webhooks may not reach.")
                        .toException();
            });
        }
        return uri;
    }

    private static Optional<String> literalRefusal(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.equals("localhost") || h.endsWith(".localhost")) {
            return Optional.of("loopback address");
        }
        try {
            if (h.startsWith("[")) {
                // an IPv6 literal: getByName does no lookup for text containing ':'
                return AddressClassifier.refusal(InetAddress.getByName(h.substring(1, h.length() - 1)));
            }
            if (h.chars().allMatch(c -> Character.isDigit(c) || c == '.')) {
                return ipv4(h).map(AddressClassifier::refusal).orElse(Optional.of("malformed address"));
            }
            return Optional.empty();
        } catch (UnknownHostException e) {
            return Optional.of("malformed address");
        }
    }

    private static Optional<InetAddress> ipv4(String text) throws UnknownHostException {
        String[] parts = text.split("\\.", -1);
        if (parts.length != 4) {
            return Optional.empty();
        }
        byte[] bytes = new byte[4];
        for (int i = 0; i < 4; i++) {
            if (parts[i].isEmpty() || parts[i].length() > 3 || Integer.parseInt(parts[i]) > 255) {
                return Optional.empty();
            }
            bytes[i] = (byte) Integer.parseInt(parts[i]);
        }
        return Optional.of(InetAddress.getByAddress(bytes));
    }
}
