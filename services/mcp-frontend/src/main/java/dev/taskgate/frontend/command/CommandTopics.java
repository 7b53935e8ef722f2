package dev.taskgate.frontend.command;

import jakarta.inject.Singleton;

import dev.taskgate.contracts.Topics;
import dev.taskgate.frontend.FrontendConfig;

/** The command topics with the deployment's prefix applied. */
@Singleton
public class CommandTopics {
    private final String commands;
    private final String replies;

    CommandTopics(FrontendConfig config) {
        String prefix = config.topicPrefix().orElse("");
        this.commands = prefix + Topics.COMMANDS;
        this.replies = prefix + Topics.COMMAND_REPLIES;
    }

    /** Where commands go. */
    public String commands() {
        return commands;
    }

    /** Where job-control answers. */
    public String replies() {
        return replies;
    }
}
