package dev.taskgate.jobctl.payload;

import java.security.SecureRandom;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import io.quarkus.runtime.Startup;

import dev.taskgate.jobctl.JobControlConfig;

/** Builds the payload cipher from {@code jobctl.payload-keys} at startup, so a bad ring stops the service. */
@Singleton
public class PayloadCipherProducer {

    /** The cipher over the configured ring; fails startup with a message naming the configuration key. */
    @Produces
    @Singleton
    @Startup
    PayloadCipher cipher(JobControlConfig config) {
        return new PayloadCipher(PayloadKeyRing.parse(config.payloadKeys()), new SecureRandom());
    }
}
