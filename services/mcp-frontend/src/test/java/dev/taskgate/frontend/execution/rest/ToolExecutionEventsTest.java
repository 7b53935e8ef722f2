package dev.taskgate.frontend.execution.rest;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.handle.ExecutionHandles;
import dev.taskgate.frontend.support.Api;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.RawHttp;
import dev.taskgate.frontend.support.WithListenStreams;
import dev.taskgate.frontend.support.WithPlayedExecution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code GET …/tool-executions/{id}/events} against the real broker: the test plays the worker's progress records,
 * job-control's lifecycle records and its query API. The current state first, progress as reported, the terminal
 * status and the end; a lost lifecycle record caught up by the re-read at a keep-alive; another principal's 404; the
 * bound of open streams on the instance (503 with Retry-After, the place given back when a client leaves).
 */
@QuarkusTest
@TestProfile(WithListenStreams.class)
class ToolExecutionEventsTest extends WithPlayedExecution {
    // HTTP/1.1, as the other test clients: a stream the test closes ends its connection (with the JDK's default, an
    // upgrade to HTTP/2, the client resets the stream instead, whenever it gets to it)
    private static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Inject
    ExecutionHandles handles;

    @Inject
    ExecutionEventStreams streams;

    @Override
    protected Surface surface() {
        return Surface.REST;
    }

    @Test
    void sendsTheStateThenProgressThenTheTerminalStatusAndEnds() {
        answerSnapshot(Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.WORKING, Surface.REST));
        try (EventStream stream = EventStream.open(base, path(), Fixtures.aliceToken())) {
            await().atMost(Duration.ofSeconds(10)).until(() -> stream.events().size() == 1 && signals.isWatched(id));
            execution.progress(1.0, 3.0, "slept 1 of 3 seconds");
            execution.progress(2.0, 3.0, "slept 2 of 3 seconds");
            await().atMost(Duration.ofSeconds(10)).until(() -> stream.events().size() == 3);

            answerSnapshot(Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.COMPLETED, Surface.REST));
            execution.changed(ExecutionStatus.COMPLETED);
            await().atMost(Duration.ofSeconds(10)).until(stream::ended);

            assertThat(stream.status()).isEqualTo(200);
            assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
            List<Event> events = stream.events();
            assertThat(events).extracting(Event::name).containsExactly("status", "progress", "progress", "status");
            assertThat(events.get(0).data().path("status").asText()).isEqualTo("working");
            assertThat(events.get(0).data().path("execution_id").asText()).isEqualTo(handle());
            assertThat(events.get(1).data().path("progress").asDouble()).isEqualTo(1.0);
            assertThat(events.get(2).data().path("total").asDouble()).isEqualTo(3.0);
            assertThat(events.get(2).data().path("message").asText()).isEqualTo("slept 2 of 3 seconds");
            assertThat(events.get(3).data().path("status").asText()).isEqualTo("completed");
            await().atMost(Duration.ofSeconds(10)).until(() -> !signals.isWatched(id) && streams.size() == 0);
        }
    }

    @Test
    void aLostLifecycleRecordIsCaughtUpAtTheNextKeepAlive() {
        answerSnapshot(Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.WORKING, Surface.REST));
        try (EventStream stream = EventStream.open(base, path(), Fixtures.aliceToken())) {
            await().atMost(Duration.ofSeconds(10)).until(() -> stream.events().size() == 1);
            // job-control asks for input; its lifecycle record never arrives
            answerSnapshot(Fixtures.waitingForInput(id, Surface.REST, Map.of("confirm-1", Fixtures.confirmRequest())));
            await().atMost(Duration.ofSeconds(10)).until(() -> stream.events().size() == 2);

            Event waiting = stream.events().get(1);
            assertThat(waiting.name()).isEqualTo("status");
            assertThat(waiting.data().path("status").asText()).isEqualTo("input_required");
            assertThat(waiting.data().path("input_requests").has("confirm-1")).isTrue();
            assertThat(stream.lines()).contains(": keep-alive");
            assertThat(stream.ended()).isFalse();
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> streams.size() == 0);
    }

    @Test
    void aTerminalExecutionIsSentOnceAndTheStreamEnds() {
        answerSnapshot(Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.CANCELLED, Surface.REST));
        try (EventStream stream = EventStream.open(base, path(), Fixtures.aliceToken())) {
            await().atMost(Duration.ofSeconds(10)).until(stream::ended);
            assertThat(stream.events())
                    .extracting(e -> e.data().path("status").asText())
                    .containsExactly("cancelled");
        }
    }

    @Test
    void anotherPrincipalGetsTheSame404AsForGet() {
        answerSnapshot(Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.WORKING, Surface.REST));
        String bob = Fixtures.bobToken();

        Api.Result events = Api.at(base).bearer(bob).get(path());
        Api.Result get = Api.at(base).bearer(bob).get(Api.EXECUTIONS + "/" + handle());

        assertThat(events.status()).as(events.toString()).isEqualTo(404);
        assertThat(events.problemSlug()).isEqualTo("not-found");
        assertThat(events.json().path("detail")).isEqualTo(get.json().path("detail"));
        assertThat(streams.size()).isZero();
    }

    @Test
    void streamsBeyondTheBoundAreRefusedUntilOneCloses() {
        answerSnapshot(Fixtures.snapshot(id, "demo.sleep", ExecutionStatus.WORKING, Surface.REST));
        List<EventStream> open = new ArrayList<>();
        // the client that leaves drops its connection itself: what frees a place is the connection's end
        try (RawHttp leaving = EventStream.openRaw(base, path(), Fixtures.aliceToken())) {
            assertThat(leaving.readUntil("event: status")).startsWith("HTTP/1.1 200");
            for (int i = 1; i < WithListenStreams.EVENT_STREAMS; i++) {
                EventStream stream = EventStream.open(base, path(), Fixtures.aliceToken());
                open.add(stream);
                await().atMost(Duration.ofSeconds(10))
                        .until(() -> stream.events().size() == 1);
            }

            Api.Result refused = Api.at(base).bearer(Fixtures.aliceToken()).get(path());
            assertThat(refused.status()).as(refused.toString()).isEqualTo(503);
            assertThat(refused.problemSlug()).isEqualTo("unavailable");
            assertThat(refused.header("Retry-After")).isNotBlank();

            leaving.drop();
            await().atMost(Duration.ofSeconds(10)).until(() -> streams.size() == WithListenStreams.EVENT_STREAMS - 1);
            EventStream again = EventStream.open(base, path(), Fixtures.aliceToken());
            open.add(again);
            await().atMost(Duration.ofSeconds(10)).until(() -> again.events().size() == 1);
            assertThat(again.status()).isEqualTo(200);
        } finally {
            open.forEach(EventStream::close);
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> streams.size() == 0);
    }

    private void answerSnapshot(ExecutionSnapshot snapshot) {
        queries.answer("/internal/v1/executions/" + id, 200, Wire.toBytes(snapshot));
    }

    private String handle() {
        return handles.mint(id, Surface.REST, Fixtures.caller("alice"));
    }

    private String path() {
        return Api.EXECUTIONS + "/" + handle() + "/events";
    }

    /**
     * One server-sent event.
     *
     * @param name its {@code event:} name
     * @param data its {@code data:} line, parsed
     */
    record Event(String name, JsonNode data) {}

    /** An open event stream, read line by line in the background. */
    static final class EventStream implements AutoCloseable {
        private final List<String> lines = new CopyOnWriteArrayList<>();
        private final CompletableFuture<HttpResponse<Stream<String>>> response;
        private final CompletableFuture<Void> read;

        private EventStream(CompletableFuture<HttpResponse<Stream<String>>> response) {
            this.response = response;
            this.read = response.thenAcceptAsync(r -> r.body().forEach(lines::add));
        }

        static EventStream open(URI base, String path, String token) {
            HttpRequest request = HttpRequest.newBuilder(base.resolve(path.substring(1)))
                    .header("Authorization", "Bearer " + token)
                    .header("Accept", "text/event-stream")
                    .GET()
                    .build();
            return new EventStream(HTTP.sendAsync(request, HttpResponse.BodyHandlers.ofLines()));
        }

        /** The same request over a plain socket, for a test that ends the connection itself. */
        static RawHttp openRaw(URI base, String path, String token) {
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("Host", base.getHost() + ":" + base.getPort());
            headers.put("Authorization", "Bearer " + token);
            headers.put("Accept", ExecutionEvents.MEDIA_TYPE);
            return RawHttp.get(base, path, headers);
        }

        List<String> lines() {
            return List.copyOf(lines);
        }

        List<Event> events() {
            List<Event> events = new ArrayList<>();
            List<String> all = lines();
            for (int i = 0; i + 1 < all.size(); i++) {
                if (all.get(i).startsWith("event: ") && all.get(i + 1).startsWith("data: ")) {
                    events.add(new Event(
                            all.get(i).substring("event: ".length()),
                            Wire.fromBytes(
                                    all.get(i + 1).substring("data: ".length()).getBytes(StandardCharsets.UTF_8),
                                    JsonNode.class)));
                }
            }
            return events;
        }

        boolean ended() {
            return read.isDone();
        }

        int status() {
            return response.join().statusCode();
        }

        String header(String name) {
            return response.join().headers().firstValue(name).orElse(null);
        }

        @Override
        public void close() {
            if (response.isDone() && !response.isCompletedExceptionally()) {
                response.join().body().close();
            } else {
                response.cancel(true);
            }
        }
    }
}
