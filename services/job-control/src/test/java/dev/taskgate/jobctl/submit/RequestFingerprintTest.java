package dev.taskgate.jobctl.submit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Wire;

import static org.assertj.core.api.Assertions.assertThat;

class RequestFingerprintTest {

    private static JsonNode json(String text) {
        return Wire.fromBytes(text.getBytes(java.nio.charset.StandardCharsets.UTF_8), JsonNode.class);
    }

    private static byte[] fp(String input) {
        return RequestFingerprint.of("demo.echo", "1", json(input));
    }

    @Test
    void isASha256Digest() {
        assertThat(fp("{}")).hasSize(32);
    }

    @Test
    void ignoresKeyOrderAndWhitespace() {
        assertThat(fp("{\"a\":1,\"b\":{\"x\":[1,2],\"y\":\"s\"}}"))
                .isEqualTo(fp(" {\n  \"b\" : { \"y\" : \"s\", \"x\" : [ 1 , 2 ] },\t\"a\" : 1 }"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"n\":1}     | {\"n\":1.0}",
                "{\"n\":1}     | {\"n\":1e0}",
                "{\"n\":1}     | {\"n\":10E-1}",
                "{\"n\":100}   | {\"n\":1E+2}",
                "{\"n\":0}     | {\"n\":-0.0}",
                "{\"s\":\"\\u00e9\"} | {\"s\":\"é\"}",
                "{\"s\":\"\\/\"} | {\"s\":\"/\"}",
            })
    void treatsEqualValuesSpelledDifferentlyAlike(String left, String right) {
        assertThat(fp(left)).isEqualTo(fp(right));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"n\":1}          | {\"n\":2}",
                "{\"n\":1}          | {\"n\":\"1\"}",
                "{\"n\":true}       | {\"n\":\"true\"}",
                "{\"n\":null}       | {}",
                "{\"a\":[1,2]}      | {\"a\":[2,1]}",
                "{\"a\":{\"b\":1}}  | {\"a\":{\"b\":{\"c\":1}}}",
                "{\"a\":{\"b\":1}}  | {\"a\":[{\"b\":1}]}",
                "{\"a\":\"x\"}      | {\"b\":\"x\"}",
                "{\"n\":0.1}        | {\"n\":0.10000001}",
            })
    void distinguishesDifferentValues(String left, String right) {
        assertThat(fp(left)).isNotEqualTo(fp(right));
    }

    @Test
    void bindsToolAndVersion() {
        JsonNode input = json("{\"a\":1}");
        byte[] base = RequestFingerprint.of("demo.echo", "1", input);
        assertThat(RequestFingerprint.of("demo.sleep", "1", input)).isNotEqualTo(base);
        assertThat(RequestFingerprint.of("demo.echo", "2", input)).isNotEqualTo(base);
        assertThat(RequestFingerprint.of("demo.echo", "1", input)).isEqualTo(base);
    }

    @Test
    void canonicalTextSortsKeysByUtf16CodeUnitsAndEscapesControls() {
        // "\uE000" (BMP private use) sorts after "\uD83D\uDE00" (an emoji's surrogates) in UTF-16 order,
        // although its code point is lower
        String text =
                CanonicalJson.write(json("{\"\uE000\":1,\"\uD83D\uDE00\":2,\"B\":3,\"a\":\"q\\\"\\\\\\n\\u0001\"}"));
        assertThat(text).isEqualTo("{\"B\":3,\"a\":\"q\\\"\\\\\\n\\u0001\",\"\uD83D\uDE00\":2,\"\uE000\":1}");
    }
}
