package dev.taskgate.webhooks;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;

import dev.taskgate.testsupport.JwkKeyPair;
import dev.taskgate.testsupport.JwksServer;
import dev.taskgate.testsupport.Tokens;
import dev.taskgate.webhooks.support.Api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The subscriptions API with verification keys from a JWKS URL (docs/security.md "Verification keys and rotation"),
 * as mcp-frontend's {@code JwksKeyRotationTest}: after the provider replaces key a with key b, tokens signed with b
 * are accepted once the set was fetched again and tokens signed with a are refused; an unknown key id is refused; with
 * the endpoint down a key the service does not hold is a 401 problem, never a server error.
 */
@QuarkusTest
@TestProfile(SubscriptionApiJwksRotationTest.WithJwks.class)
class SubscriptionApiJwksRotationTest {
    private static final JwkKeyPair KEY_A = JwkKeyPair.generate("a");
    private static final JwkKeyPair KEY_B = JwkKeyPair.generate("b");
    private static final JwkKeyPair UNPUBLISHED = JwkKeyPair.generate("c");

    /**
     * Keys from {@link JwksServer}; an unknown key id fetches the set again at once (forced refresh interval 0), so
     * the test waits on conditions rather than on the one-minute default.
     */
    public static class WithJwks implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(Resource.class));
        }
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
            // the server is JVM-wide; it stops with the JVM (or earlier, when the test takes the endpoint down)
        }
    }

    private final JwksServer jwks = JwksServer.shared();

    @Test
    void rotationIsPickedUpAndOldUnknownAndUnreachableKeysAreRefused() {
        Api api = Api.freshProject();
        jwks.publish(KEY_A);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertAccepted(list(api, KEY_A)));

        // rotation: the provider publishes b only; the unknown kid b makes the service fetch the set again
        jwks.publish(KEY_B);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertAccepted(list(api, KEY_B)));
        assertUnauthenticated(list(api, KEY_A));

        // an unknown kid fetches the set again (jose4j skips a fetch within 300 ms of the previous one, so the probe is
        // repeated until one falls outside that window) and is still refused
        int fetches = jwks.fetches();
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            assertUnauthenticated(list(api, UNPUBLISHED));
            assertThat(jwks.fetches())
                    .as("an unknown kid fetches the set again")
                    .isGreaterThan(fetches);
        });

        // the endpoint goes down: a key the service does not hold is an invalid token, not a server error
        jwks.stop();
        assertUnauthenticated(list(api, UNPUBLISHED));
        assertUnauthenticated(list(api, KEY_A));
        // the keys already fetched stay usable until the regular refresh
        assertAccepted(list(api, KEY_B));
    }

    private static Response list(Api api, JwkKeyPair key) {
        String token = Tokens.forSubject("ops")
                .org(api.org)
                .project(api.project)
                .scopes("webhooks:admin")
                .signedWith(key)
                .sign();
        return given().auth().oauth2(token).get(api.base());
    }

    private static void assertAccepted(Response response) {
        assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    }

    private static void assertUnauthenticated(Response response) {
        assertThat(response.statusCode()).as(response.asString()).isEqualTo(401);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.jsonPath().getString("type")).endsWith("/unauthenticated");
        assertThat(response.header("WWW-Authenticate")).startsWith("Bearer");
    }
}
