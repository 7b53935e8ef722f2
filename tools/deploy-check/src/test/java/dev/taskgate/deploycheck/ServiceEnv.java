package dev.taskgate.deploycheck;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The settings bin/lib/service-env.sh gives each service to start it beside its peers (its {@code env_of}): the names
 * it prints for every service, then those of the service's own {@code case} branch.
 */
final class ServiceEnv {
    private static final Pattern SETTING = Pattern.compile("echo \"([A-Z][A-Z0-9_]*)=");
    private static final Pattern BRANCH = Pattern.compile("(?m)^ {4}([a-z-]+)\\)\\n(.*?)^ {6};;", Pattern.DOTALL);

    private ServiceEnv() {}

    /** Service name → the names of the settings service-env.sh starts it with. */
    static Map<String, Set<String>> required(String script) {
        int start = script.indexOf("env_of() {");
        int end = script.indexOf("\n}\n", start);
        if (start < 0 || end < 0) {
            throw new IllegalStateException("no env_of() in bin/lib/service-env.sh");
        }
        String body = script.substring(start, end);
        int caseAt = body.indexOf("case \"$service\" in");
        if (caseAt < 0) {
            throw new IllegalStateException("env_of() has no case over the service");
        }
        Set<String> common = names(body.substring(0, caseAt));
        Map<String, Set<String>> required = new LinkedHashMap<>();
        Matcher m = BRANCH.matcher(body.substring(caseAt));
        while (m.find()) {
            Set<String> names = new LinkedHashSet<>(common);
            names.addAll(names(m.group(2)));
            required.put(m.group(1), names);
        }
        return required;
    }

    private static Set<String> names(String text) {
        Set<String> names = new LinkedHashSet<>();
        Matcher m = SETTING.matcher(text);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }
}
