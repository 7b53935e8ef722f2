package dev.taskgate.webhooks.secret;

import java.security.SecureRandom;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import io.quarkus.runtime.Startup;

import dev.taskgate.webhooks.WebhooksConfig;

/** The cipher for the configured key, created at start so that a missing or bad key stops the service. */
@Singleton
public class SecretCipherProducer {

    @Produces
    @Singleton
    @Startup
    SecretCipher cipher(WebhooksConfig config, SecureRandom random) {
        return SecretCipher.withBase64Key(config.secretKey(), random);
    }
}
