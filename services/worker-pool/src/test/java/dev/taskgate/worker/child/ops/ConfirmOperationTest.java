package dev.taskgate.worker.child.ops;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.worker.child.OperationStoppedException;
import dev.taskgate.worker.child.RecordingContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

class ConfirmOperationTest {
    private final ObjectMapper mapper = new ObjectMapper();

    private JsonNode json(String text) {
        try {
            return mapper.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    @Test
    void asksOneFormElicitationWithConfirmAndNote() throws Exception {
        RecordingContext context =
                new RecordingContext().answering(requests -> Map.of("confirm", json("{\"action\":\"cancel\"}")));

        new ConfirmOperation().run(json("{\"message\":\"Deploy build 812?\"}"), context);

        assertThat(context.inputRequests()).hasSize(1);
        JsonNode request = context.inputRequests().get(0).get(ConfirmOperation.KEY);
        assertThat(request.get("method").asText()).isEqualTo("elicitation/create");
        JsonNode params = request.get("params");
        assertThat(params.get("mode").asText()).isEqualTo("form");
        assertThat(params.get("message").asText()).isEqualTo("Deploy build 812?");
        assertThat(params.at("/requestedSchema/properties/confirm/type").asText())
                .isEqualTo("boolean");
        assertThat(params.at("/requestedSchema/properties/note/type").asText()).isEqualTo("string");
        assertThat(params.at("/requestedSchema/required")).containsExactly(json("\"confirm\""));
    }

    @Test
    void reportsAnAcceptedAnswerWithItsContent() throws Exception {
        RecordingContext context = new RecordingContext()
                .answering(requests -> Map.of(
                        "confirm",
                        json("{\"action\":\"accept\",\"content\":{\"confirm\":true,\"note\":\"ship it\"}}")));

        String result = new ConfirmOperation().run(json("{}"), context);

        assertThat(result)
                .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":\"The user chose accept: "
                        + "{\\\"confirm\\\":true,\\\"note\\\":\\\"ship it\\\"}\"}],\"structuredContent\":{\"action\":\"accept\","
                        + "\"content\":{\"confirm\":true,\"note\":\"ship it\"}},\"isError\":false}");
        assertThat(context.inputRequests()
                        .get(0)
                        .get("confirm")
                        .at("/params/message")
                        .asText())
                .isEqualTo(ConfirmOperation.DEFAULT_MESSAGE);
    }

    @Test
    void reportsADeclineWithoutContent() throws Exception {
        RecordingContext context =
                new RecordingContext().answering(requests -> Map.of("confirm", json("{\"action\":\"decline\"}")));

        String result = new ConfirmOperation().run(json("{}"), context);

        assertThat(result)
                .isEqualTo("{\"content\":[{\"type\":\"text\",\"text\":\"The user chose decline.\"}],"
                        + "\"structuredContent\":{\"action\":\"decline\"},\"isError\":false}");
    }

    @Test
    void stopsWhileWaitingForTheAnswer() {
        RecordingContext context = new RecordingContext();
        CompletableFuture<String> running = CompletableFuture.supplyAsync(() -> {
            try {
                return new ConfirmOperation().run(json("{}"), context);
            } catch (Exception e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        });
        await().atMost(Duration.ofSeconds(5))
                .until(() -> !context.inputRequests().isEmpty());

        context.requestStop();

        assertThatThrownBy(() -> running.get(5, java.util.concurrent.TimeUnit.SECONDS))
                .hasCauseInstanceOf(OperationStoppedException.class);
    }
}
