package dev.taskgate.frontend.support;

import java.util.List;
import java.util.Map;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTestProfile;

import dev.taskgate.testsupport.JwksServer;

/**
 * Tokens verified against the keys of a JWKS URL ({@link JwksServer}, the identity provider the test plays) instead
 * of the static test PEM. A token naming a key id the set does not hold fetches the set again at once (forced refresh
 * interval 0), so that a test waits on conditions rather than on the one-minute default; the regular refresh (10 min)
 * never runs during a test.
 */
public class WithJwks implements QuarkusTestProfile {
    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(Resource.class));
    }

    /** Starts the JWKS server and points the service at it. */
    public static class Resource implements QuarkusTestResourceLifecycleManager {
        @Override
        public Map<String, String> start() {
            return Map.of(
                    "mp.jwt.verify.publickey.location",
                    JwksServer.shared().url(),
                    "taskgate.auth.jwks.forced-refresh-interval",
                    "0");
        }

        @Override
        public void stop() {
            // the server is JVM-wide; it stops with the JVM (or earlier, when a test takes the endpoint down)
        }
    }
}
