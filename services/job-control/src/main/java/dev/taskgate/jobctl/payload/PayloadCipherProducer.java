package dev.taskgate.jobctl.payload;

import java.security.SecureRandom;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import io.quarkus.runtime.Startup;

import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.payload.PayloadCipher;
import dev.taskgate.payload.PayloadKeyRing;
import dev.taskgate.payload.UpstreamCredentialSealing;

/** Builds the payload cipher from {@code jobctl.payload-keys} at startup, so a bad ring stops the service. */
@Singleton
public class PayloadCipherProducer {

    /** The configuration key of job-control's ring, named in every message about it. */
    static final String CONFIG_KEY = "jobctl.payload-keys";

    /** The cipher over the configured ring; fails startup with a message naming the configuration key. */
    @Produces
    @Singleton
    @Startup
    PayloadCipher cipher(JobControlConfig config) {
        return new PayloadCipher(PayloadKeyRing.parse(CONFIG_KEY, config.payloadKeys()), new SecureRandom());
    }

    /** Seals the credentials of upstreams registered through the operator API with the same ring. */
    @Produces
    @Singleton
    UpstreamCredentialSealing upstreamCredentials(PayloadCipher cipher) {
        return new UpstreamCredentialSealing(cipher);
    }
}
