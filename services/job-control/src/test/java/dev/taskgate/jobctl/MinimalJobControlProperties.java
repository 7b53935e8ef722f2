package dev.taskgate.jobctl;

import java.util.HashMap;
import java.util.Map;

import dev.taskgate.testsupport.DevServiceKeys;

/**
 * The smallest set of properties that satisfies {@link JobControlConfig}'s required members, for tests that build
 * the config mapping by hand. A new required member belongs here, not in each test.
 */
final class MinimalJobControlProperties {
    private MinimalJobControlProperties() {}

    /** A fresh, mutable copy. */
    static Map<String, String> get() {
        return new HashMap<>(Map.of(
                "jobctl.instance-id", "i1",
                "jobctl.sweeper.interval", "5s",
                "jobctl.payload-keys", "k:AAAA",
                "jobctl.handles-key", "MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTIzNDU2Nzg5MDE=",
                "jobctl.liveness.sweep-interval", "1s",
                "jobctl.topics.work", "w",
                "jobctl.topics.control", "c",
                "jobctl.topics.lifecycle", "l",
                "jobctl.dead-letters.sources", "w,c,l",
                "jobctl.internal-auth.trusted-keys", DevServiceKeys.TRUSTED_KEYS));
    }
}
