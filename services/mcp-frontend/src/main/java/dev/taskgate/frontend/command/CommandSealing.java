package dev.taskgate.frontend.command;

import jakarta.inject.Singleton;

import io.quarkus.runtime.Startup;

import dev.taskgate.payload.RecordPayloads;

/**
 * Seals the payload members of the commands this frontend sends — a submission's input, a {@code ProvideInput}'s
 * responses — with the deployment's payload key ring before they are signed, and opens the input requests of the
 * replies it reads (docs/security.md "Payloads on Kafka").
 * Built at startup, so a missing or malformed ring stops the service with a message naming
 * {@code taskgate.payload-keys}.
 */
@Singleton
@Startup
public class CommandSealing {
    private final RecordPayloads payloads;

    CommandSealing(RecordPayloads payloads) {
        this.payloads = payloads;
    }

    /** The command's wire bytes with its payload members sealed. */
    byte[] seal(byte[] command) {
        return payloads.seal(command);
    }

    /**
     * The reply's wire bytes with its payload members opened.
     *
     * @throws dev.taskgate.payload.PayloadUnreadableException when a payload member is not sealed or does not open
     * @throws IllegalArgumentException                         when the reply is malformed
     */
    byte[] open(byte[] reply) {
        return payloads.open(reply);
    }
}
