package dev.taskgate.frontend.mcp;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CallToolResultsTest {

    @Test
    void insertsResultTypeAfterTheOpeningBraceAndKeepsEveryOtherByte() {
        String stored = "  {\"content\":[],\n \"n\" : 1.50, \"s\":\"\\u00e9\"}";

        assertThat(CallToolResults.withResultType(stored))
                .isEqualTo("  {\"resultType\":\"complete\",\"content\":[],\n \"n\" : 1.50, \"s\":\"\\u00e9\"}");
    }

    @Test
    void anEmptyObjectGetsNoDanglingComma() {
        assertThat(CallToolResults.withResultType("{ }")).isEqualTo("{\"resultType\":\"complete\" }");
    }

    @Test
    void aResultThatAlreadySaysCompleteIsUnchanged() {
        String stored = "{\"resultType\":\"complete\",\"content\":[]}";

        assertThat(CallToolResults.withResultType(stored)).isSameAs(stored);
    }

    @Test
    void refusesAnotherResultTypeAndNonObjects() {
        assertThatThrownBy(() -> CallToolResults.withResultType("{\"resultType\":\"task\"}"))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> CallToolResults.withResultType("[1]")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> CallToolResults.withResultType("{")).isInstanceOf(IllegalStateException.class);
    }
}
