package dev.taskgate.jobctl;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.UpstreamTools;
import dev.taskgate.jobctl.upstream.rest.UpstreamToolsChanges;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code GET /internal/v1/catalog/upstream-tools} with {@code wait}: a follower that holds the current revision is
 * answered when the upstream tools change, not before; unchanged, 304 once the wait is over; a bad {@code wait} is
 * 400 {@code invalid-request} and waits for nothing.
 */
@QuarkusTest
class UpstreamToolsWaitTest {
    private static final String PATH = "/internal/v1/catalog/upstream-tools";
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    OperationCatalog catalog;

    @Inject
    UpstreamToolsChanges changes;

    @Test
    void aFollowerThatHoldsTheCurrentRevisionIsAnsweredWhenTheToolsChange() {
        UpstreamTools before = catalog.upstreamTools();
        CompletableFuture<Response> asked = CompletableFuture.supplyAsync(
                () -> SignedCalls.signed().get(PATH + "?known=" + before.revision() + "&wait=60"));
        try {
            await().atMost(WAIT).until(() -> changes.waiting() == 1);
            assertThat(asked).as("nothing changed yet").isNotDone();

            UpstreamTools next = new UpstreamTools("wait-test-" + System.nanoTime(), List.of(), List.of());
            catalog.replaceUpstreamTools(next);

            Response answer = asked.join();
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(Wire.fromBytes(answer.asByteArray(), UpstreamTools.class).revision())
                    .isNotEqualTo(before.revision());
            assertThat(changes.waiting()).isZero();
        } finally {
            catalog.replaceUpstreamTools(before);
        }
    }

    @Test
    void anUnchangedCatalogIsAnswered304OnceTheWaitIsOver() {
        String revision = catalog.upstreamTools().revision();

        Response answer = SignedCalls.signed().get(PATH + "?known=" + revision + "&wait=1");

        assertThat(answer.statusCode()).isEqualTo(304);
        assertThat(changes.waiting()).isZero();
    }

    @Test
    void aFollowerWithAnOlderRevisionIsAnsweredAtOnceWhateverItsWait() {
        Response answer = SignedCalls.signed().get(PATH + "?known=older&wait=60");

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(Wire.fromBytes(answer.asByteArray(), UpstreamTools.class).revision())
                .isEqualTo(catalog.upstreamTools().revision());
    }

    @Test
    void aBadWaitIsRefusedAndWaitsForNothing() {
        String revision = catalog.upstreamTools().revision();
        for (String wait : List.of("abc", "-1", "61", "1.5", "")) {
            Response answer = SignedCalls.signed().get(PATH + "?known=" + revision + "&wait=" + wait);

            assertThat(answer.statusCode()).as("wait=%s", wait).isEqualTo(400);
            assertThat(answer.contentType()).startsWith("application/problem+json");
            assertThat(answer.jsonPath().getString("type")).endsWith("invalid-request");
        }
        assertThat(changes.waiting()).isZero();
    }
}
