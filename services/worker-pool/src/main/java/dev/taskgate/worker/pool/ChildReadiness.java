package dev.taskgate.worker.pool;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a child said in its {@code ready} line: the operations it can run and what is wrong with its plug-ins.
 *
 * @param operations the names it can run
 * @param problems the plug-in problems it found, one sentence each
 */
public record ChildReadiness(Set<String> operations, List<String> problems) {

    public ChildReadiness {
        operations = Set.copyOf(operations);
        problems = List.copyOf(problems);
    }

    /** Reads a {@code ready} line. */
    static ChildReadiness of(JsonNode readyLine) {
        Set<String> operations = new TreeSet<>();
        readyLine.path("operations").forEach(name -> operations.add(name.asText()));
        List<String> problems = new ArrayList<>();
        readyLine.path("problems").forEach(problem -> problems.add(problem.asText()));
        return new ChildReadiness(operations, problems);
    }

    /**
     * Why a child that said this may not serve a worker with {@code catalog}, if it may not: it reports plug-in
     * problems, or lacks an operation of the catalog (a plug-in entry without an implementation on its classpath).
     */
    public Optional<String> refusal(Set<String> catalog) {
        if (!problems.isEmpty()) {
            return Optional.of("the child reports plug-in problems: " + String.join("; ", problems));
        }
        Set<String> missing = new TreeSet<>(catalog);
        missing.removeAll(operations);
        if (!missing.isEmpty()) {
            return Optional.of("the child cannot run these operations of the catalog: " + String.join(", ", missing));
        }
        return Optional.empty();
    }
}
