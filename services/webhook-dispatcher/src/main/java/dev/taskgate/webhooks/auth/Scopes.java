package dev.taskgate.webhooks.auth;

/** OAuth scopes the dispatcher checks (space-separated in the token's {@code scope} claim). */
public final class Scopes {
    /** Manage a project's webhook subscriptions and their deliveries. */
    public static final String WEBHOOKS_ADMIN = "webhooks:admin";

    private Scopes() {}
}
