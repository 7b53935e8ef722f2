package dev.taskgate.frontend.execution.rest;

import java.time.Duration;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.RawHttp;
import dev.taskgate.frontend.support.WithLongFallbacks;
import dev.taskgate.frontend.support.WithPlayedExecution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A client that drops its connection while its REST event stream is being written frees the stream's place and
 * worker thread within about a second, although the keep-alive (the stream's only write in a silence) is 10 min here:
 * once the body is written the close handler the resource set is Quarkus's output stream's, so the stream itself
 * has to notice.
 */
@QuarkusTest
@TestProfile(WithLongFallbacks.class)
class ToolExecutionEventsDepartureTest extends WithPlayedExecution {
    @Inject
    ExecutionHandles handles;

    @Inject
    ExecutionEventStreams streams;

    @Override
    protected Surface surface() {
        return Surface.REST;
    }

    @Test
    void aClientThatDropsItsConnectionMidStreamFreesItsPlaceWithoutAKeepAlive() {
        queries.answer(
                "/internal/v1/executions/" + id,
                200,
                Wire.toBytes(Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.WORKING, Surface.REST)));
        String path = Api.EXECUTIONS + "/" + handles.mint(id, Surface.REST, Fixtures.caller("alice")) + "/events";

        try (RawHttp stream = ToolExecutionEventsTest.EventStream.openRaw(base, path, Fixtures.aliceToken())) {
            String first = stream.readUntil("event: status");
            assertThat(first).startsWith("HTTP/1.1 200");
            assertThat(streams.size()).isEqualTo(1);
            assertThat(signals.isWatched(id)).isTrue();

            stream.drop();
            await().atMost(Duration.ofSeconds(10)).until(() -> streams.size() == 0 && !signals.isWatched(id));
        }
    }
}
