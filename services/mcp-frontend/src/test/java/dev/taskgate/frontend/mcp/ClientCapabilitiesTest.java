package dev.taskgate.frontend.mcp;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;

import static org.assertj.core.api.Assertions.assertThat;

class ClientCapabilitiesTest {
    private static final JsonNode FORM = json("{\"mode\":\"form\",\"message\":\"?\"}");
    private static final JsonNode NO_MODE = json("{\"message\":\"?\"}");
    private static final JsonNode URL = json("{\"mode\":\"url\",\"message\":\"?\",\"url\":\"https://x.invalid\"}");

    @Test
    void anElicitationCapabilityNamingNoModeMeansFormOnly() {
        JsonNode declared = json("{\"elicitation\":{}}");

        assertThat(ClientCapabilities.canAnswer(declared, "elicitation/create", FORM))
                .isTrue();
        assertThat(ClientCapabilities.canAnswer(declared, "elicitation/create", NO_MODE))
                .isTrue();
        assertThat(ClientCapabilities.canAnswer(declared, "elicitation/create", URL))
                .isFalse();
    }

    @Test
    void eachModeNeedsItsOwnMemberOnceOneIsNamed() {
        JsonNode urlOnly = json("{\"elicitation\":{\"url\":{}}}");
        JsonNode both = json("{\"elicitation\":{\"form\":{},\"url\":{}}}");

        assertThat(ClientCapabilities.canAnswer(urlOnly, "elicitation/create", FORM))
                .isFalse();
        assertThat(ClientCapabilities.canAnswer(urlOnly, "elicitation/create", URL))
                .isTrue();
        assertThat(ClientCapabilities.canAnswer(both, "elicitation/create", FORM))
                .isTrue();
        assertThat(ClientCapabilities.canAnswer(both, "elicitation/create", URL))
                .isTrue();
    }

    @Test
    void samplingAndRootsNeedTheirCapabilityAndUnknownMethodsNothingCanAnswer() {
        JsonNode all = json("{\"elicitation\":{},\"sampling\":{},\"roots\":{}}");

        assertThat(ClientCapabilities.canAnswer(all, "sampling/createMessage", null))
                .isTrue();
        assertThat(ClientCapabilities.canAnswer(all, "roots/list", null)).isTrue();
        assertThat(ClientCapabilities.canAnswer(json("{}"), "sampling/createMessage", null))
                .isFalse();
        assertThat(ClientCapabilities.canAnswer(json("{\"sampling\":true}"), "sampling/createMessage", null))
                .isFalse();
        assertThat(ClientCapabilities.canAnswer(all, "tools/call", null)).isFalse();
        assertThat(ClientCapabilities.canAnswer(null, "elicitation/create", FORM))
                .isFalse();
    }

    @Test
    void theNeededCapabilitiesMergeIntoOneObject() {
        ObjectNode needed = Wire.mapper().createObjectNode();

        ClientCapabilities.addNeeded(needed, "elicitation/create", FORM);
        ClientCapabilities.addNeeded(needed, "elicitation/create", URL);
        ClientCapabilities.addNeeded(needed, "sampling/createMessage", null);

        assertThat(needed).isEqualTo(json("{\"elicitation\":{\"url\":{}},\"sampling\":{}}"));
    }

    private static JsonNode json(String text) {
        try {
            return Wire.mapper().readTree(text);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
