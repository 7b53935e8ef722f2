package dev.taskgate.jobctl;

import java.net.URL;
import java.time.Duration;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

import io.quarkus.test.common.http.TestHTTPResource;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.jobctl.liveness.HeartbeatListening;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

/**
 * What the owner-loss, checkpoint and journal component tests share: the Kafka fixture, the adjustable clock, the
 * pool for direct checks, and {@link StandInWorkers} playing worker-pool instances. Subclasses run under
 * {@link LivenessTestProfile}.
 */
abstract class OwnerLossComponentTest {
    /** Longer than {@link LivenessTestProfile}'s heartbeat timeout: advancing the clock by it loses a silent owner. */
    protected static final Duration PAST_TIMEOUT = Duration.ofSeconds(7);

    protected static JobControlFixture fixture;
    protected StandInWorkers workers;

    @TestHTTPResource(value = "health/live", management = true)
    URL live;

    @Inject
    AdjustableClock clock;

    @Inject
    HeartbeatListening listening;

    @Inject
    Pool pool;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    /**
     * The first query of a test JVM can take many seconds (client set-up), longer than the heartbeat timeout these
     * tests run against: make it before any worker is started.
     */
    @BeforeEach
    void warmUpTheQueryApi() {
        given().get(live).then().statusCode(200);
        // silences count only once the heartbeat feed is listening and healthy (HeartbeatListening)
        await().atMost(Duration.ofSeconds(60)).until(() -> listening.maySettleSilence(Duration.ZERO, clock.instant()));
        workers = new StandInWorkers(fixture, pool, clock);
    }
}
