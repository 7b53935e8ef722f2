package dev.taskgate.webhooks;

import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.Wire;
import dev.taskgate.webhooks.support.Api;
import dev.taskgate.webhooks.support.Receiver;
import dev.taskgate.webhooks.support.Verifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.endsWith;

/** The subscriptions API: secret shown once and stored encrypted, reads, rotation with two signatures, test event, delete. */
@QuarkusTest
class SubscriptionApiTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @Inject
    Pool pool;

    @Test
    void createShowsTheSecretOnceAndStoresItEncrypted() {
        Api api = Api.freshProject();
        Response created = api.create("http://127.0.0.1:9/hook");
        created.then()
                .statusCode(201)
                .contentType("application/json")
                .header("Location", endsWith(api.base() + "/" + created.path("id")));
        String secret = created.path("secret");
        assertThat(secret).startsWith("whsec_");
        assertThat(Base64.getDecoder().decode(secret.substring(6)).length).isBetween(24, 64);
        assertThat(created.<List<String>>path("event_types")).containsExactly("tool.execution.lifecycle");
        assertThat(created.<String>path("status")).isEqualTo("active");
        String id = created.path("id");

        Response read = api.request().get(api.base() + "/" + id);
        read.then().statusCode(200);
        assertThat(read.asString()).doesNotContain("secret").doesNotContain(secret.substring(6));
        assertThat(read.<String>path("url")).isEqualTo("http://127.0.0.1:9/hook");
        assertThat(read.<String>path("description")).isEqualTo("test");
        Response list = api.request().get(api.base());
        assertThat(list.<List<String>>path("items.id")).containsExactly(id);
        assertThat(list.asString()).doesNotContain(secret.substring(6));

        byte[] stored = pool.preparedQuery("select secret_ciphertext from webhooks.subscription where id = $1")
                .execute(Tuple.of(UUID.fromString(id)))
                .await()
                .atMost(Duration.ofSeconds(5))
                .iterator()
                .next()
                .getBuffer(0)
                .getBytes();
        byte[] key = Base64.getDecoder().decode(secret.substring(6));
        assertThat(new String(stored, java.nio.charset.StandardCharsets.ISO_8859_1))
                .doesNotContain(new String(key, java.nio.charset.StandardCharsets.ISO_8859_1));
        assertThat(stored.length).isEqualTo(12 + key.length + 16);
    }

    @Test
    void rotationSignsWithNewAndOldSecretAndTestEventsAreDelivered() throws Exception {
        Api api = Api.freshProject();
        try (Receiver receiver = Receiver.start()) {
            Response created = api.create(receiver.url());
            String id = created.path("id");
            String oldSecret = created.path("secret");
            Response rotated = api.request().post(api.base() + "/" + id + "/rotate-secret");
            rotated.then().statusCode(200);
            String newSecret = rotated.path("secret");
            assertThat(newSecret).startsWith("whsec_").isNotEqualTo(oldSecret);
            assertThat(rotated.<String>path("previous_secret_expires_at")).isNotBlank();

            Response test = api.request().post(api.base() + "/" + id + "/test");
            test.then().statusCode(202);
            await().atMost(WAIT).until(() -> receiver.requests().size() == 1);
            Receiver.Request request = receiver.requests().get(0);
            assertThat(request.header("webhook-signature").split(" ")).hasSize(2);
            assertThat(Verifier.verifies(request, newSecret)).isTrue();
            assertThat(Verifier.verifies(request, oldSecret)).isTrue();
            assertThat(request.header("webhook-id")).isEqualTo(test.<String>path("webhook_id"));
            var body = Wire.mapper().readTree(request.body());
            assertThat(body.get("type").asText()).isEqualTo("webhook.test");
            assertThat(body.at("/data/subscription_id").asText()).isEqualTo(id);
            await().atMost(WAIT)
                    .until(() ->
                            "delivered".equals(api.delivery(id, test.path("id")).path("status")));
        }
    }

    @Test
    void deleteHidesTheSubscriptionEverywhere() {
        Api api = Api.freshProject();
        String id = api.create("http://127.0.0.1:9/hook").path("id");
        api.request().delete(api.base() + "/" + id).then().statusCode(204);
        api.request().get(api.base() + "/" + id).then().statusCode(404).contentType("application/problem+json");
        api.request().delete(api.base() + "/" + id).then().statusCode(404);
        api.request().post(api.base() + "/" + id + "/rotate-secret").then().statusCode(404);
        api.request().post(api.base() + "/" + id + "/test").then().statusCode(404);
        api.request().get(api.base() + "/" + id + "/deliveries").then().statusCode(404);
        assertThat(api.request().get(api.base()).<List<String>>path("items")).isEmpty();
    }
}
