package dev.taskgate.jobctl;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import io.quarkus.runtime.Startup;

import dev.taskgate.jobctl.operator.audit.AuditRetention;

/** Builds the operator audit retention from configuration at startup, so a bad value stops the service. */
@Singleton
public class AuditRetentionProducer {

    /** The retention; fails startup with a message naming {@code jobctl.audit.retention}. */
    @Produces
    @Singleton
    @Startup
    AuditRetention auditRetention(JobControlConfig config) {
        return new AuditRetention(config.audit().retention());
    }
}
