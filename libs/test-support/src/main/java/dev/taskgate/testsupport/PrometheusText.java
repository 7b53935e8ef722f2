package dev.taskgate.testsupport;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Reads a sample out of Prometheus's text exposition format (what {@code /q/metrics} answers), for tests. */
public final class PrometheusText {
    private PrometheusText() {}

    /**
     * The value of the sample named {@code name} whose labels include every one of {@code labels}, summed over all
     * such samples; 0 when there is none (a counter that has not counted yet is not exported).
     */
    public static double value(String exposition, String name, Map<String, String> labels) {
        double sum = 0;
        for (String line : exposition.split("\n")) {
            if (line.startsWith("#") || !(line.startsWith(name + "{") || line.startsWith(name + " "))) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            String series = line.substring(0, space);
            if (labels.entrySet().stream().allMatch(l -> series.contains(l.getKey() + "=\"" + l.getValue() + "\""))) {
                sum += Double.parseDouble(line.substring(space + 1));
            }
        }
        return sum;
    }

    /**
     * The names of every sample in the exposition, as a query selects them: a histogram or timer shows as its
     * {@code _count}, {@code _sum} (and {@code _bucket}, {@code _max}) series, never under its bare name.
     */
    public static Set<String> names(String exposition) {
        Set<String> names = new TreeSet<>();
        for (String line : exposition.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int end = 0;
            while (end < line.length() && line.charAt(end) != '{' && line.charAt(end) != ' ') {
                end++;
            }
            names.add(line.substring(0, end));
        }
        return names;
    }
}
