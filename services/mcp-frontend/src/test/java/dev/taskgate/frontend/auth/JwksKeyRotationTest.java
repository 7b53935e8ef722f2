package dev.taskgate.frontend.auth;

import java.net.URI;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.WithJwks;
import dev.taskgate.testsupport.JwkKeyPair;
import dev.taskgate.testsupport.JwksServer;
import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Verification keys from a JWKS URL with rotation (docs/security.md "Verification keys"): the identity provider
 * publishes key a, then replaces it with key b. A token signed with b is accepted once the set was fetched again, one
 * signed with a is then refused (except one verified before the rotation, which the verified-token cache remembers
 * for at most its max age, docs/security.md), a refused token is not remembered, an unknown key id is refused, and
 * with the endpoint down a key the service does not hold is refused as an invalid token (401 problem), never as a
 * server error.
 */
@QuarkusTest
@TestProfile(WithJwks.class)
class JwksKeyRotationTest {
    private static final JwkKeyPair KEY_A = JwkKeyPair.generate("a");
    private static final JwkKeyPair KEY_B = JwkKeyPair.generate("b");
    private static final JwkKeyPair UNPUBLISHED = JwkKeyPair.generate("c");
    private static final JwkKeyPair LATE = JwkKeyPair.generate("d");
    /** Authenticated, a handle that does not parse is the uniform 404 (no query); unauthenticated it is 401. */
    private static final String PROBE = Api.EXECUTIONS + "/tgx_forged";

    private final JwksServer jwks = JwksServer.shared();

    @TestHTTPResource("/")
    URI base;

    @Test
    void rotationIsPickedUpAndOldUnknownAndUnreachableKeysAreRefused() {
        jwks.publish(KEY_A);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertAccepted(probe(KEY_A)));
        String verifiedBeforeRotation = token(KEY_A);
        assertAccepted(probe(verifiedBeforeRotation));

        // rotation: the provider publishes b only; the unknown kid b makes the service fetch the set again
        jwks.publish(KEY_B);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertAccepted(probe(KEY_B)));
        assertUnauthenticated(probe(KEY_A));
        // a token verified before the rotation is remembered (verified-token cache) until its entry's max age
        assertAccepted(probe(verifiedBeforeRotation));

        // a refused token is not remembered: once its key is published, the same token is accepted
        String signedWithLateKey = token(LATE);
        assertUnauthenticated(probe(signedWithLateKey));
        jwks.publish(KEY_B, LATE);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertAccepted(probe(signedWithLateKey)));
        jwks.publish(KEY_B);

        // an unknown kid fetches the set again (jose4j skips a fetch within 300 ms of the previous one, so the probe is
        // repeated until one falls outside that window) and is still refused
        int fetches = jwks.fetches();
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            assertUnauthenticated(probe(UNPUBLISHED));
            assertThat(jwks.fetches())
                    .as("an unknown kid fetches the set again")
                    .isGreaterThan(fetches);
        });
        assertAccepted(probe(KEY_B));

        // the endpoint goes down: a key the service does not hold is an invalid token, not a server error
        jwks.stop();
        assertUnauthenticated(probe(UNPUBLISHED));
        assertUnauthenticated(probe(KEY_A));
        // the keys already fetched stay usable until the regular refresh
        assertAccepted(probe(KEY_B));
    }

    private Api.Result probe(JwkKeyPair key) {
        return probe(token(key));
    }

    private Api.Result probe(String token) {
        return Api.at(base).bearer(token).get(PROBE);
    }

    private static String token(JwkKeyPair key) {
        return Tokens.forSubject("alice").signedWith(key).sign();
    }

    private static void assertAccepted(Api.Result response) {
        assertThat(response.status()).as(response.toString()).isEqualTo(404);
        assertThat(response.problemSlug()).isEqualTo("not-found");
    }

    private static void assertUnauthenticated(Api.Result response) {
        assertThat(response.status()).as(response.toString()).isEqualTo(401);
        assertThat(response.header("Content-Type")).startsWith("application/problem+json");
        assertThat(response.problemSlug()).isEqualTo("unauthenticated");
        assertThat(response.header("WWW-Authenticate")).startsWith("Bearer");
    }
}
