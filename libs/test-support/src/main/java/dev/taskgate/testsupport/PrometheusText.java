package dev.taskgate.testsupport;

import java.util.Map;

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
}
