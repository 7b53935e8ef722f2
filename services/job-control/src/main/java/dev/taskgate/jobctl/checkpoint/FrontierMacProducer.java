package dev.taskgate.jobctl.checkpoint;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.taskgate.contracts.checkpoint.FrontierMac;
import dev.taskgate.jobctl.JobControlConfig;

/** The checkpoint key, if configured; a malformed key stops the service at start. */
@ApplicationScoped
public class FrontierMacProducer {

    /** Holder so that an absent key is a valid bean. */
    public record FrontierKey(Optional<FrontierMac> mac) {}

    @Produces
    @Singleton
    FrontierKey frontierKey(JobControlConfig config) {
        try {
            return new FrontierKey(
                    config.checkpoints().key().filter(k -> !k.isBlank()).map(FrontierMac::fromBase64));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(
                    "jobctl.checkpoints.key (TASKGATE_CHECKPOINT_KEY) is invalid: " + e.getMessage(), e);
        }
    }
}
