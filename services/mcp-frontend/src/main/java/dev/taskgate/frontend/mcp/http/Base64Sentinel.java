package dev.taskgate.frontend.mcp.http;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Pattern;

import dev.taskgate.frontend.mcp.McpErrors;

/**
 * The base64 sentinel of MCP 2026-07-28 §6.3 for {@code Mcp-Name} and {@code Mcp-Param-*} values: {@code
 * =?base64?<base64 of UTF-8>?=} with lower-case markers is decoded before comparing; anything else, including {@code
 * =?BASE64?…?=} or a missing suffix, is a literal. The encoded part is RFC 4648 base64 with its padding, as the
 * SEP-2243 test-case table requires ({@code =?base64?SGVsbG8?=}, "Hello" without its {@code =}, is invalid
 * padding): a length that is not a multiple of four, characters outside the standard alphabet, padding inside the
 * value, or bytes that are not UTF-8 are -32020.
 */
final class Base64Sentinel {
    private static final String START = "=?base64?";
    private static final String END = "?=";
    private static final Pattern STANDARD_ALPHABET = Pattern.compile("[A-Za-z0-9+/]*={0,2}");

    private Base64Sentinel() {}

    /** {@code value} of the header {@code name}, decoded when it is a sentinel. */
    static String decode(String name, String value) {
        if (!value.startsWith(START) || !value.endsWith(END) || value.length() < START.length() + END.length()) {
            return value;
        }
        String encoded = value.substring(START.length(), value.length() - END.length());
        // java.util.Base64 alone would also accept the unpadded form
        if (encoded.length() % 4 != 0 || !STANDARD_ALPHABET.matcher(encoded).matches()) {
            throw invalid(name);
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(encoded);
        } catch (IllegalArgumentException e) {
            throw invalid(name);
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw McpErrors.headerMismatch("Header " + name + " holds base64 that is not UTF-8.");
        }
    }

    private static RuntimeException invalid(String name) {
        return McpErrors.headerMismatch("Header " + name + " holds invalid base64.");
    }
}
