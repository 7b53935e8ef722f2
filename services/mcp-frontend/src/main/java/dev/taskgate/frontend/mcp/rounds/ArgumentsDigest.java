package dev.taskgate.frontend.mcp.rounds;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;

/**
 * SHA-256 of a call's arguments in a canonical spelling (object members sorted by key at every depth), so a client
 * that repeats the same arguments in another member order still matches its {@code requestState}.
 */
public final class ArgumentsDigest {

    private ArgumentsDigest() {}

    /** The base64url digest of {@code arguments}. */
    public static String of(JsonNode arguments) {
        try {
            byte[] canonical = Wire.mapper().writeValueAsBytes(sorted(arguments));
            return Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(MessageDigest.getInstance("SHA-256").digest(canonical));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("arguments cannot be written", e);
        }
    }

    private static JsonNode sorted(JsonNode node) {
        if (node.isObject()) {
            List<Map.Entry<String, JsonNode>> members = new ArrayList<>(node.properties());
            members.sort(Map.Entry.comparingByKey());
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            members.forEach(m -> copy.set(m.getKey(), sorted(m.getValue())));
            return copy;
        }
        if (node.isArray()) {
            var copy = JsonNodeFactory.instance.arrayNode();
            node.forEach(element -> copy.add(sorted(element)));
            return copy;
        }
        return node;
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
