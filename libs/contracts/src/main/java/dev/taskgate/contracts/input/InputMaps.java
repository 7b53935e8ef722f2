package dev.taskgate.contracts.input;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Checks and freezes the maps of input requests and responses carried by the input records: keys are non-empty
 * strings, values JSON objects, and the caller's order is kept (it is the order requests are shown in).
 */
public final class InputMaps {

    private InputMaps() {}

    /**
     * An unmodifiable copy of {@code map}, in its iteration order.
     *
     * @param what the member name, for the error message
     * @throws NullPointerException     when the map, a key or a value is null
     * @throws IllegalArgumentException when a key is empty or a value is not a JSON object
     */
    public static Map<String, JsonNode> objects(Map<String, JsonNode> map, String what) {
        Objects.requireNonNull(map, what);
        Map<String, JsonNode> copy = new LinkedHashMap<>();
        map.forEach((key, value) -> {
            Objects.requireNonNull(key, what + " key");
            Objects.requireNonNull(value, what + "[" + key + "]");
            if (key.isEmpty()) {
                throw new IllegalArgumentException(what + " keys must not be empty");
            }
            if (!value.isObject()) {
                throw new IllegalArgumentException(what + "[" + key + "] must be a JSON object");
            }
            copy.put(key, value);
        });
        return Collections.unmodifiableMap(copy);
    }
}
