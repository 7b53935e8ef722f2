package dev.taskgate.frontend.auth;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * A verified token whose claims are read from it once and then remembered. The cache keeps one verified token for
 * every request that carries the same bytes, and each request reads the same claims again ({@link CallerResolver}):
 * SmallRye's principal looks every claim name up as a standard claim first, and a name that is not one ({@code org_id},
 * {@code project_id}, {@code scope}, {@code workspaces}) costs it an exception with its stack trace on every read. A
 * token's claims never change, so the answer of the first read is the answer of every later one, an absent claim
 * included. Thread-safe.
 */
final class RememberedClaims implements JsonWebToken {
    private final JsonWebToken verified;
    private final ConcurrentHashMap<String, Optional<Object>> claims = new ConcurrentHashMap<>();
    private final Set<String> claimNames;
    private final Set<String> groups;
    private final Set<String> audience;

    RememberedClaims(JsonWebToken verified) {
        this.verified = Objects.requireNonNull(verified, "verified");
        this.claimNames = copy(verified.getClaimNames());
        this.groups = copy(verified.getGroups());
        this.audience = copy(verified.getAudience());
    }

    @Override
    public String getName() {
        return verified.getName();
    }

    @Override
    public Set<String> getClaimNames() {
        return claimNames;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T getClaim(String claimName) {
        return (T) claims.computeIfAbsent(claimName, name -> Optional.ofNullable(verified.getClaim(name)))
                .orElse(null);
    }

    @Override
    public Set<String> getGroups() {
        return groups;
    }

    @Override
    public Set<String> getAudience() {
        return audience;
    }

    @Override
    public String toString() {
        return verified.toString();
    }

    private static Set<String> copy(Set<String> names) {
        return names == null ? null : Set.copyOf(names);
    }
}
