package dev.taskgate.contracts;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;

/**
 * What a record class says about its JSON shape, found by reflection: the member names (from
 * {@code @JsonProperty} on the accessors) and which members it requires (primitives, which Wire never
 * reads as absent, and components the compact constructor null-checks).
 */
final class RecordShapes {
    private RecordShapes() {}

    /** The JSON member names of the record's components. */
    static Set<String> members(Class<?> record) {
        Set<String> names = new TreeSet<>();
        for (RecordComponent c : record.getRecordComponents()) {
            names.add(jsonName(c));
        }
        return names;
    }

    /** The JSON member names the record cannot be built without. */
    static Set<String> required(Class<?> record) {
        RecordComponent[] components = record.getRecordComponents();
        Set<String> names = new TreeSet<>();
        for (int i = 0; i < components.length; i++) {
            if (components[i].getType().isPrimitive() || rejectsNull(record, i)) {
                names.add(jsonName(components[i]));
            }
        }
        return names;
    }

    private static String jsonName(RecordComponent c) {
        JsonProperty property = c.getAccessor().getAnnotation(JsonProperty.class);
        return property == null || property.value().isEmpty() ? c.getName() : property.value();
    }

    private static boolean rejectsNull(Class<?> record, int index) {
        try {
            construct(record, index);
            return false;
        } catch (NullPointerException e) {
            return true;
        }
    }

    /** An instance with a placeholder in every component except {@code nullIndex}, which is null. */
    private static Object construct(Class<?> record, int nullIndex) {
        RecordComponent[] components = record.getRecordComponents();
        Class<?>[] types =
                Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
        Object[] args = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            args[i] = i == nullIndex ? null : placeholder(components[i]);
        }
        try {
            Constructor<?> canonical = record.getDeclaredConstructor(types);
            canonical.setAccessible(true);
            return canonical.newInstance(args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof NullPointerException npe) {
                throw npe;
            }
            throw new IllegalStateException(record.getName() + " rejected placeholder values", e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(record.getName(), e);
        }
    }

    /**
     * A placeholder that also satisfies checks tied to the component's meaning: a {@code ...Hash} is a
     * {@code sha256:} hash (distinct per component name), a {@code mac} an {@code hmac-sha256:} value, a
     * {@code progressToken} a string, a list of records holds one placeholder record.
     */
    private static Object placeholder(RecordComponent component) {
        if (component.getType() == String.class && component.getName().endsWith("Hash")) {
            String digit = Integer.toHexString(Math.floorMod(component.getName().hashCode(), 16));
            return "sha256:" + digit.repeat(64);
        }
        if (component.getType() == String.class && component.getName().equals("mac")) {
            return "hmac-sha256:" + "0".repeat(64);
        }
        if (component.getType() == JsonNode.class && component.getName().equals("progressToken")) {
            return TextNode.valueOf("x");
        }
        if (component.getType() == List.class
                && component.getGenericType() instanceof java.lang.reflect.ParameterizedType list
                && list.getActualTypeArguments()[0] instanceof Class<?> element
                && element.isRecord()) {
            return List.of(construct(element, -1));
        }
        return placeholder(component.getType());
    }

    private static Object placeholder(Class<?> type) {
        if (type == long.class || type == Long.class) {
            return 1L;
        }
        if (type == int.class || type == Integer.class) {
            return 1;
        }
        if (type == double.class || type == Double.class) {
            return 1.0;
        }
        if (type == boolean.class || type == Boolean.class) {
            return Boolean.FALSE;
        }
        if (type == String.class) {
            return "x";
        }
        if (type == UUID.class) {
            return new UUID(0, 1);
        }
        if (type == Instant.class) {
            return Instant.EPOCH;
        }
        if (JsonNode.class.isAssignableFrom(type)) {
            return JsonNodeFactory.instance.objectNode();
        }
        if (type == List.class) {
            return List.of();
        }
        if (type == Map.class) {
            return Map.of();
        }
        if (type.isEnum()) {
            return type.getEnumConstants()[0];
        }
        if (type.isRecord()) {
            return construct(type, -1);
        }
        throw new IllegalArgumentException("no placeholder for " + type);
    }
}
