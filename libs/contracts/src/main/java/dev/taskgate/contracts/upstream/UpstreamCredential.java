package dev.taskgate.contracts.upstream;

import java.util.Objects;

/**
 * A static credential sent to an upstream on every request, as one HTTP header. Its value is a secret: it is never
 * logged, never returned by an API and never put in an error message; {@link #toString()} leaves it out.
 *
 * @param header the header name, e.g. {@code Authorization}
 * @param value  the header value, e.g. {@code Bearer ...}
 */
public record UpstreamCredential(String header, String value) {

    public UpstreamCredential {
        Objects.requireNonNull(header, "header");
        Objects.requireNonNull(value, "value");
        if (!header.matches("[A-Za-z0-9-]{1,64}")) {
            throw new IllegalArgumentException("a credential header name must be a token of 1-64 letters, digits, -");
        }
        if (value.isEmpty() || value.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw new IllegalArgumentException(
                    "the credential for header " + header + " is empty or has control " + "characters");
        }
    }

    @Override
    public String toString() {
        return "UpstreamCredential[header=" + header + ", value=<redacted>]";
    }
}
