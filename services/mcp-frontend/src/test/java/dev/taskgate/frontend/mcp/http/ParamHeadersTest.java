package dev.taskgate.frontend.mcp.http;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.frontend.mcp.McpErrors;
import dev.taskgate.frontend.mcp.McpException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ParamHeadersTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final List<HeaderBindings.Binding> BINDINGS = HeaderBindings.of("t", json("""
            {"type":"object","properties":{
              "region":{"type":"string","x-mcp-header":"Region"},
              "priority":{"type":"integer","x-mcp-header":"Priority"},
              "verbose":{"type":"boolean","x-mcp-header":"Verbose"},
              "target":{"type":"object","properties":{"host":{"type":"string","x-mcp-header":"Host-Name"}}}}}
            """));

    @Test
    void stringsCompareExactlyAfterTrimming() {
        accepts("{\"region\":\"eu-west\"}", "Mcp-Param-Region", " eu-west\t");
        rejects("{\"region\":\"eu-west\"}", "Mcp-Param-Region", "EU-WEST");
    }

    @Test
    void integersCompareNumerically() {
        accepts("{\"priority\":7}", "Mcp-Param-Priority", "007");
        accepts("{\"priority\":-3}", "Mcp-Param-Priority", "-3");
        rejects("{\"priority\":7}", "Mcp-Param-Priority", "8");
        rejects("{\"priority\":7}", "Mcp-Param-Priority", "7.0");
        rejects("{\"priority\":7}", "Mcp-Param-Priority", "seven");
    }

    @Test
    void booleansAreTrueOrFalse() {
        accepts("{\"verbose\":true}", "Mcp-Param-Verbose", "true");
        accepts("{\"verbose\":false}", "Mcp-Param-Verbose", "false");
        rejects("{\"verbose\":true}", "Mcp-Param-Verbose", "TRUE");
        rejects("{\"verbose\":true}", "Mcp-Param-Verbose", "1");
    }

    @Test
    void theBase64SentinelIsDecodedAndOtherFormsAreLiteral() {
        String hello = b64("Hello");
        accepts("{\"region\":\"Hello\"}", "Mcp-Param-Region", "=?base64?" + hello + "?=");
        accepts("{\"region\":\"r\u00e9gion\"}", "Mcp-Param-Region", "=?base64?" + b64("r\u00e9gion") + "?=");
        accepts("{\"region\":\"" + hello + "\"}", "Mcp-Param-Region", hello);
        accepts("{\"region\":\"=?base64?" + hello + "\"}", "Mcp-Param-Region", "=?base64?" + hello);
        accepts("{\"region\":\"=?BASE64?" + hello + "?=\"}", "Mcp-Param-Region", "=?BASE64?" + hello + "?=");
    }

    @Test
    void undecodableBase64IsRejected() {
        rejects("{\"region\":\"Hello\"}", "Mcp-Param-Region", "=?base64?SGVsbG8?=");
        rejects("{\"region\":\"Hello\"}", "Mcp-Param-Region", "=?base64?SGVsbG8==?=");
        rejects("{\"region\":\"Hello\"}", "Mcp-Param-Region", "=?base64?SGVs!!!bG8=?=");
        String notUtf8 = Base64.getEncoder().encodeToString(new byte[] {(byte) 0xC3});
        rejects("{\"region\":\"Hello\"}", "Mcp-Param-Region", "=?base64?" + notUtf8 + "?=");
    }

    @Test
    void aPresentArgumentNeedsItsHeader() {
        rejects("{\"region\":\"eu\"}", null, null);
        rejects("{\"target\":{\"host\":\"a\"}}", null, null);
        accepts("{\"target\":{\"host\":\"a\"}}", "Mcp-Param-Host-Name", "a");
    }

    @Test
    void aHeaderForAnAbsentOrNullArgumentIsRejected() {
        accepts("{}", null, null);
        accepts("{\"region\":null}", null, null);
        rejects("{}", "Mcp-Param-Region", "eu");
        rejects("{\"region\":null}", "Mcp-Param-Region", "eu");
    }

    @Test
    void nonAsciiAndRepeatedHeadersAreRejected() {
        rejects("{\"region\":\"r\u00e9gion\"}", "Mcp-Param-Region", "r\u00e9gion");
        assertThatThrownBy(() -> new ParamHeaders(Map.of("Mcp-Param-Region", List.of("eu", "eu"))::get)
                        .check(BINDINGS, json("{\"region\":\"eu\"}")))
                .isInstanceOf(McpException.class);
    }

    @Test
    void anArgumentOfAnotherTypeThanDeclaredNeverMatches() {
        rejects("{\"priority\":\"7\"}", "Mcp-Param-Priority", "7");
        rejects("{\"region\":5}", "Mcp-Param-Region", "5");
    }

    private static void accepts(String arguments, String header, String value) {
        assertThatCode(() -> check(arguments, header, value)).doesNotThrowAnyException();
    }

    private static void rejects(String arguments, String header, String value) {
        assertThatThrownBy(() -> check(arguments, header, value))
                .isInstanceOfSatisfying(
                        McpException.class, e -> assertThat(e.error().code()).isEqualTo(McpErrors.HEADER_MISMATCH));
    }

    private static void check(String arguments, String header, String value) {
        Map<String, List<String>> headers = new HashMap<>();
        if (header != null) {
            headers.put(header, List.of(value));
        }
        new ParamHeaders(headers::get).check(BINDINGS, json(arguments));
    }

    private static String b64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    private static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }
}
