package dev.taskgate.jobctl.upstream;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;

/**
 * The opaque cursor of a federated list: which list it continues, the namespace of the upstream to ask next and that
 * upstream's own cursor (none: its first page). Upstreams are walked in namespace order, so a cursor stays usable when
 * upstreams come or go between pages: the walk goes on from the first namespace not before the cursor's.
 *
 * @param method    the list method the cursor belongs to
 * @param namespace the namespace of the upstream to ask next
 * @param upstream  that upstream's cursor, or {@code null} for its first page
 */
record FeatureCursor(String method, String namespace, String upstream) {

    /** The cursor as the client sees it. */
    String encode() {
        ObjectNode node = JsonNodeFactory.instance.objectNode().put("m", method).put("n", namespace);
        if (upstream != null) {
            node.put("c", upstream);
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(Wire.toBytes(node));
    }

    /** The cursor a client sent for {@code method}; empty when it is not one of ours or is another list's. */
    static Optional<FeatureCursor> decode(String method, String text) {
        try {
            JsonNode node =
                    Wire.mapper().readTree(new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8));
            if (node == null
                    || !method.equals(node.path("m").asText(null))
                    || !node.path("n").isTextual()
                    || (node.has("c") && !node.get("c").isTextual())) {
                return Optional.empty();
            }
            return Optional.of(new FeatureCursor(
                    method,
                    node.get("n").asText(),
                    node.has("c") ? node.get("c").asText() : null));
        } catch (IllegalArgumentException | java.io.IOException e) {
            return Optional.empty();
        }
    }
}
