package dev.taskgate.worker.pool;

import org.junit.jupiter.api.Test;

import dev.taskgate.worker.pool.ChildMessage.Kind;

import static org.assertj.core.api.Assertions.assertThat;

class ChildMessageTest {

    @Test
    void parsesEachProtocolLine() {
        assertThat(ChildMessage.parse("{\"type\":\"ready\"}"))
                .get()
                .extracting(ChildMessage::kind)
                .isEqualTo(Kind.READY);
        assertThat(ChildMessage.parse("{\"type\":\"progress\",\"progress\":2,\"total\":5,\"message\":\"m\"}"))
                .get()
                .isEqualTo(new ChildMessage(Kind.PROGRESS, 2, 5.0, "m", null, null));
        assertThat(ChildMessage.parse("{\"type\":\"result\",\"result\":\"{\\\"isError\\\":false}\"}"))
                .get()
                .extracting(ChildMessage::result)
                .isEqualTo("{\"isError\":false}");
        assertThat(ChildMessage.parse("{\"type\":\"error\",\"code\":\"busy\",\"message\":\"x\"}"))
                .get()
                .isEqualTo(new ChildMessage(Kind.ERROR, 0, null, "x", null, "busy"));
        assertThat(ChildMessage.parse("{\"type\":\"stopped\",\"message\":\"after 2\"}"))
                .get()
                .extracting(ChildMessage::message)
                .isEqualTo("after 2");
    }

    @Test
    void parsesAnInputLineWithItsRequests() {
        ChildMessage input = ChildMessage.parse("{\"type\":\"input\",\"requests\":{\"confirm\":"
                        + "{\"method\":\"elicitation/create\",\"params\":{}}}}")
                .orElseThrow();

        assertThat(input.kind()).isEqualTo(Kind.INPUT);
        assertThat(input.kind().isTerminal()).isFalse();
        assertThat(input.requests().get("confirm").get("method").asText()).isEqualTo("elicitation/create");
    }

    @Test
    void parsesALogLineWithAKnownLevelAndAnyJsonData() {
        ChildMessage log = ChildMessage.parse(
                        "{\"type\":\"log\",\"level\":\"warning\",\"logger\":\"scan\"," + "\"data\":{\"files\":3}}")
                .orElseThrow();

        assertThat(log.kind()).isEqualTo(Kind.LOG);
        assertThat(log.kind().isTerminal()).isFalse();
        assertThat(log.log().path("level").asText()).isEqualTo("warning");
        assertThat(log.log().at("/data/files").asInt()).isEqualTo(3);
        assertThat(ChildMessage.parse("{\"type\":\"log\",\"level\":\"info\",\"data\":\"plain\"}"))
                .isPresent();
    }

    @Test
    void rejectsLogLinesWithAnUnknownLevelNoDataOrANonTextLogger() {
        assertThat(ChildMessage.parse("{\"type\":\"log\",\"level\":\"verbose\",\"data\":\"x\"}"))
                .isEmpty();
        assertThat(ChildMessage.parse("{\"type\":\"log\",\"level\":\"info\"}")).isEmpty();
        assertThat(ChildMessage.parse("{\"type\":\"log\",\"level\":\"info\",\"logger\":7,\"data\":\"x\"}"))
                .isEmpty();
    }

    @Test
    void parsesAStageLineAsANonTerminalResultCheckpoint() {
        ChildMessage stage = ChildMessage.parse("{\"type\":\"stage\",\"result\":\"{\\\"isError\\\":false}\"}")
                .orElseThrow();

        assertThat(stage.kind()).isEqualTo(Kind.STAGE);
        assertThat(stage.kind().isTerminal()).isFalse();
        assertThat(stage.result()).isEqualTo("{\"isError\":false}");
        assertThat(ChildMessage.parse("{\"type\":\"stage\"}")).isEmpty();
        assertThat(ChildMessage.parse("{\"type\":\"stage\",\"result\":{}}")).isEmpty();
    }

    @Test
    void rejectsInputLinesWithoutRequestObjects() {
        assertThat(ChildMessage.parse("{\"type\":\"input\"}")).isEmpty();
        assertThat(ChildMessage.parse("{\"type\":\"input\",\"requests\":{}}")).isEmpty();
        assertThat(ChildMessage.parse("{\"type\":\"input\",\"requests\":{\"k\":1}}"))
                .isEmpty();
    }

    @Test
    void rejectsLinesThatAreNotProtocol() {
        assertThat(ChildMessage.parse("Picked up JAVA_TOOL_OPTIONS: -Xss1m")).isEmpty();
        assertThat(ChildMessage.parse("[1,2]")).isEmpty();
        assertThat(ChildMessage.parse("{\"type\":\"banner\"}")).isEmpty();
        assertThat(ChildMessage.parse("{\"type\":\"result\",\"result\":{}}")).isEmpty();
        assertThat(ChildMessage.parse("{\"type\":\"progress\"}")).isEmpty();
    }

    @Test
    void onlyResultErrorAndStoppedEndARun() {
        assertThat(Kind.RESULT.isTerminal()).isTrue();
        assertThat(Kind.ERROR.isTerminal()).isTrue();
        assertThat(Kind.STOPPED.isTerminal()).isTrue();
        assertThat(Kind.PROGRESS.isTerminal()).isFalse();
        assertThat(Kind.READY.isTerminal()).isFalse();
    }
}
