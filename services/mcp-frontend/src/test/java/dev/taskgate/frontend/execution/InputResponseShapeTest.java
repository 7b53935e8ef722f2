package dev.taskgate.frontend.execution;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;

class InputResponseShapeTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonNode json(String text) throws Exception {
        return MAPPER.readTree(text);
    }

    @Test
    void aSamplingRequestTakesACreateMessageResultOrARefusal() throws Exception {
        String method = "sampling/createMessage";
        assertThat(InputResponseShape.violation(
                        method, json("{\"role\":\"assistant\",\"content\":{\"type\":\"text\",\"text\":\"x\"}}")))
                .isEmpty();
        assertThat(InputResponseShape.violation(method, json("{\"action\":\"decline\"}")))
                .isEmpty();
        assertThat(InputResponseShape.violation(method, json("{\"action\":\"accept\"}")))
                .hasValueSatisfying(v -> assertThat(v.pointer()).isEqualTo("/role"));
        assertThat(InputResponseShape.violation(method, json("{\"role\":\"assistant\",\"content\":\"x\"}")))
                .hasValueSatisfying(v -> assertThat(v.pointer()).isEqualTo("/content"));
    }

    @Test
    void aRootsRequestTakesAListRootsResultOrARefusal() throws Exception {
        String method = "roots/list";
        assertThat(InputResponseShape.violation(method, json("{\"roots\":[{\"uri\":\"file:///a\"}]}")))
                .isEmpty();
        assertThat(InputResponseShape.violation(method, json("{\"action\":\"cancel\"}")))
                .isEmpty();
        assertThat(InputResponseShape.violation(method, json("{\"roots\":[{}]}")))
                .hasValueSatisfying(v -> assertThat(v.pointer()).isEqualTo("/roots/0/uri"));
    }

    @Test
    void anElicitationTakesAnElicitResultOnly() throws Exception {
        assertThat(InputResponseShape.violation("elicitation/create", json("{\"roots\":[]}")))
                .hasValueSatisfying(v -> assertThat(v.pointer()).isEqualTo("/action"));
    }

    @Test
    void withoutTheMethodTheMembersTellTheKind() throws Exception {
        assertThat(InputResponseShape.violationOfAny(json("{\"role\":\"user\",\"content\":[]}")))
                .isEmpty();
        assertThat(InputResponseShape.violationOfAny(json("{\"roots\":[]}"))).isEmpty();
        assertThat(InputResponseShape.violationOfAny(json("{\"action\":\"accept\",\"roots\":[]}")))
                .isEmpty();
        assertThat(InputResponseShape.violationOfAny(json("{}")))
                .hasValueSatisfying(v -> assertThat(v.pointer()).isEqualTo("/action"));
    }
}
