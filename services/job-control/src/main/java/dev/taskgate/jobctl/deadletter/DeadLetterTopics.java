package dev.taskgate.jobctl.deadletter;

import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.taskgate.jobctl.JobControlConfig;

/**
 * The deployment's dead-letter topics ({@code <source>.dlq} of each configured source topic) and the one project
 * whose operators may list and replay them.
 */
@ApplicationScoped
public class DeadLetterTopics {
    static final String SUFFIX = ".dlq";

    private final List<String> sources;
    private final Optional<String> operatorWorkspace;

    DeadLetterTopics(JobControlConfig config) {
        this.sources = config.deadLetters().sources().stream()
                .map(String::trim)
                .sorted()
                .toList();
        this.operatorWorkspace = config.deadLetters().operatorWorkspace();
    }

    /** Every dead-letter topic, by name. */
    public List<String> all() {
        return sources.stream().map(s -> s + SUFFIX).toList();
    }

    /** The topic a record of {@code deadLetterTopic} is replayed to; empty when it is no dead-letter topic here. */
    public Optional<String> sourceOf(String deadLetterTopic) {
        if (deadLetterTopic == null || !deadLetterTopic.endsWith(SUFFIX)) {
            return Optional.empty();
        }
        String source = deadLetterTopic.substring(0, deadLetterTopic.length() - SUFFIX.length());
        return sources.contains(source) ? Optional.of(source) : Optional.empty();
    }

    /** Whether operators of {@code workspace} may operate the dead-letter topics. */
    public boolean mayOperate(String workspace) {
        return operatorWorkspace.map(workspace::equals).orElse(false);
    }
}
