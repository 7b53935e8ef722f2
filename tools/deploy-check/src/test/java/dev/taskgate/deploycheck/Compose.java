package dev.taskgate.deploycheck;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

/** Reading a parsed Compose file the way Compose does, for the parts the checks need. */
final class Compose {
    private static final Pattern REFERENCE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?}");

    private Compose() {}

    static Map<String, JsonNode> services(JsonNode compose) {
        Map<String, JsonNode> services = new LinkedHashMap<>();
        JsonNode node = compose.path("services");
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            services.put(e.getKey(), e.getValue());
        }
        return services;
    }

    /** A service's environment as NAME → raw value, from either the mapping or the list form. */
    static Map<String, String> environment(JsonNode service) {
        Map<String, String> env = new LinkedHashMap<>();
        JsonNode node = service.path("environment");
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                env.put(e.getKey(), e.getValue().isNull() ? "" : e.getValue().asText());
            }
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                String s = item.asText();
                int eq = s.indexOf('=');
                env.put(eq < 0 ? s : s.substring(0, eq), eq < 0 ? "" : s.substring(eq + 1));
            }
        }
        return env;
    }

    /** The names of the services this one depends on, with the condition (service_started when not given). */
    static Map<String, String> dependsOn(JsonNode service) {
        Map<String, String> deps = new LinkedHashMap<>();
        JsonNode node = service.path("depends_on");
        if (node.isArray()) {
            node.forEach(n -> deps.put(n.asText(), "service_started"));
        } else if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                deps.put(e.getKey(), e.getValue().path("condition").asText("service_started"));
            }
        }
        return deps;
    }

    static List<String> strings(JsonNode node) {
        List<String> values = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(n -> values.add(n.isValueNode() ? n.asText() : n.toString()));
        } else if (!node.isMissingNode() && !node.isNull()) {
            values.add(node.asText());
        }
        return values;
    }

    /** The variables a value refers to: name → the operator and its word ({@code ":-8080"}, {@code ":?msg"}, ""). */
    static Map<String, String> references(String value) {
        Map<String, String> refs = new LinkedHashMap<>();
        Matcher m = REFERENCE.matcher(value);
        while (m.find()) {
            refs.put(m.group(1), m.group(2) == null ? "" : m.group(2) + m.group(3));
        }
        return refs;
    }

    /** The value as Compose interpolates it with {@code env} (the .env file); unset variables take their default. */
    static String interpolate(String value, Map<String, String> env) {
        Matcher m = REFERENCE.matcher(value);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1);
            String op = m.group(2) == null ? "" : m.group(2);
            String set = env.get(name);
            boolean empty = set == null || (op.startsWith(":") && set.isEmpty());
            String replacement;
            if (op.endsWith("-") && empty) {
                replacement = m.group(3);
            } else if (op.endsWith("?") && empty) {
                throw new IllegalArgumentException(name + " is required: " + m.group(3));
            } else {
                replacement = set == null ? "" : set;
            }
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }
}
