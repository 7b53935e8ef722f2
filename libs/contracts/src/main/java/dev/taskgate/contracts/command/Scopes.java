package dev.taskgate.contracts.command;

import java.util.List;

/** The optional {@code scopes} member of commands: an immutable copy without empty or null entries. */
final class Scopes {
    private Scopes() {}

    static List<String> copy(List<String> scopes) {
        if (scopes == null) {
            return null;
        }
        for (String scope : scopes) {
            if (scope == null || scope.isEmpty()) {
                throw new IllegalArgumentException("scopes must be non-empty strings");
            }
        }
        return List.copyOf(scopes);
    }
}
