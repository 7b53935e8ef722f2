package dev.taskgate.jobctl;

import java.util.UUID;

/** Where new identifiers (execution ids, message ids) come from; injectable so tests can fix them. */
@FunctionalInterface
public interface IdSource {

    /** A new, unique identifier. */
    UUID newId();
}
