package dev.taskgate.frontend.payload;

import java.security.SecureRandom;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.payload.PayloadCipher;
import dev.taskgate.payload.PayloadKeyRing;
import dev.taskgate.payload.RecordPayloads;

/**
 * The payload members of Kafka records this frontend seals and opens (docs/security.md "Payloads on Kafka"), over the
 * deployment's payload key ring {@code taskgate.payload-keys}: the commands it sends, the replies and the lifecycle
 * records it reads.
 */
public class RecordPayloadsProducer {
    @Produces
    @Singleton
    RecordPayloads recordPayloads(FrontendConfig config) {
        return new RecordPayloads(new PayloadCipher(
                PayloadKeyRing.parse(PayloadKeyRing.CONFIG_KEY, config.payloadKeys()), new SecureRandom()));
    }
}
