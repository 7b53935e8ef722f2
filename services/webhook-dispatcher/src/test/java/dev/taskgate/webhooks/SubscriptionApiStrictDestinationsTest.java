package dev.taskgate.webhooks;

import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;

import dev.taskgate.webhooks.destination.RelaxedGuardWarning;
import dev.taskgate.webhooks.support.Api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.endsWith;

/**
 * The SSRF guard as production runs it (both {@code allow-*} switches off): literal NAT64 local-use and Teredo
 * destinations are refused at registration, and the start-up warning about a relaxed guard stays silent.
 */
@QuarkusTest
@TestProfile(SubscriptionApiStrictDestinationsTest.StrictDestinations.class)
class SubscriptionApiStrictDestinationsTest {

    /** The guard fully on. */
    public static class StrictDestinations implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "taskgate.webhooks.allow-private-destinations", "false",
                    "taskgate.webhooks.allow-http-destinations", "false");
        }
    }

    @Inject
    RelaxedGuardWarning warning;

    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://[64:ff9b:1::a00:1]/hook",
                "https://[64:ff9b:1:ffff::808:808]/hook",
                "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook",
                "https://[2001::1]/hook"
            })
    void refusesNat64LocalUseAndTeredoDestinations(String url) {
        Api api = Api.freshProject();
        api.request()
                .contentType(ContentType.JSON)
                .body(Map.of("url", url, "event_types", List.of("tool.execution.lifecycle")))
                .post(api.base())
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("type", endsWith("/destination-not-allowed"));
    }

    @Test
    void acceptsAPublicIpv6Destination() {
        Api api = Api.freshProject();
        api.create("https://[2001:4860:4860::8888]/hook").then().statusCode(201);
    }

    @Test
    void saysNothingWhenTheGuardIsFullyOn() {
        assertThat(warning.warnings()).isEmpty();
    }
}
