package dev.taskgate.frontend.command;

import java.security.SecureRandom;

import jakarta.inject.Singleton;

import io.quarkus.runtime.Startup;

import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.payload.PayloadCipher;
import dev.taskgate.payload.PayloadKeyRing;
import dev.taskgate.payload.RecordPayloads;

/**
 * Seals the payload members of the commands this frontend sends — a submission's input, a {@code ProvideInput}'s
 * responses — with the deployment's payload key ring before they are signed (docs/security.md "Payloads on Kafka").
 * Built at startup, so a missing or malformed ring stops the service with a message naming
 * {@code taskgate.payload-keys}.
 */
@Singleton
@Startup
public class CommandSealing {
    private final RecordPayloads payloads;

    CommandSealing(FrontendConfig config) {
        this.payloads = new RecordPayloads(new PayloadCipher(
                PayloadKeyRing.parse(PayloadKeyRing.CONFIG_KEY, config.payloadKeys()), new SecureRandom()));
    }

    /** The command's wire bytes with its payload members sealed. */
    byte[] seal(byte[] command) {
        return payloads.seal(command);
    }
}
