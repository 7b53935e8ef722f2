package dev.taskgate.webhooks;

import java.util.UUID;

/** Source of new identifiers, injectable so that tests can fix them. */
@FunctionalInterface
public interface IdSource {
    /** A new unique id. */
    UUID newId();
}
