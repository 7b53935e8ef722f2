package dev.taskgate.frontend.mcp.http;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class Base64SentinelTest {
    @ParameterizedTest
    @ValueSource(strings = {"x", "ab", "abc", "r\u00e9sum\u00e9", "\u4e3f-tool"})
    void thePaddedFormDecodesAndTheUnpaddedOneIsRefused(String text) {
        String padded = Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
        String unpadded = Base64.getEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));

        assertThat(Base64Sentinel.decode("Mcp-Name", "=?base64?" + padded + "?="))
                .isEqualTo(text);
        if (!unpadded.equals(padded)) {
            assertThatThrownBy(() -> Base64Sentinel.decode("Mcp-Name", "=?base64?" + unpadded + "?="))
                    .isInstanceOf(McpException.class);
        }
    }

    @Test
    void valuesOutsideTheExactSentinelAreLiteral() {
        assertThat(Base64Sentinel.decode("Mcp-Name", "=?BASE64?eA==?=")).isEqualTo("=?BASE64?eA==?=");
        assertThat(Base64Sentinel.decode("Mcp-Name", "=?base64?eA==")).isEqualTo("=?base64?eA==");
        assertThat(Base64Sentinel.decode("Mcp-Name", "eA==")).isEqualTo("eA==");
        assertThat(Base64Sentinel.decode("Mcp-Name", "=?base64?=")).isEqualTo("=?base64?=");
    }

    @Test
    void anEmptySentinelIsTheEmptyString() {
        assertThat(Base64Sentinel.decode("Mcp-Name", "=?base64??=")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "***", // outside the alphabet
                "eA-_", // the URL-safe alphabet is not the one the spec names
                "eA=", // padding that does not complete a quantum
                "eA===", // too much padding
                "e", // a lone trailing character encodes no byte
                "e=A=", // padding inside the value
                "SGVsbG8", // "Hello" without its padding (the SEP-2243 test-case table)
                "eA == " // spaces
            })
    void undecodableBase64IsAHeaderMismatchNamingTheHeader(String encoded) {
        assertThatThrownBy(() -> Base64Sentinel.decode("Mcp-Param-Region", "=?base64?" + encoded + "?="))
                .isInstanceOfSatisfying(McpException.class, e -> {
                    assertThat(e.error().code()).isEqualTo(McpErrors.HEADER_MISMATCH);
                    assertThat(e.error().message()).contains("Mcp-Param-Region");
                });
    }

    @Test
    void bytesThatAreNotUtf8AreAHeaderMismatch() {
        String notUtf8 = Base64.getEncoder().encodeToString(new byte[] {(byte) 0xC3});

        assertThatThrownBy(() -> Base64Sentinel.decode("Mcp-Name", "=?base64?" + notUtf8 + "?="))
                .isInstanceOfSatisfying(
                        McpException.class, e -> assertThat(e.error().message()).contains("not UTF-8"));
    }
}
