package dev.taskgate.jobctl.admission;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import io.quarkus.runtime.Startup;

import dev.taskgate.contracts.TaskSurface;
import dev.taskgate.jobctl.JobControlConfig;

/** Builds the admission policy from {@code jobctl.admission.*} at startup, so a bad bound stops the service. */
@Singleton
public class AdmissionPolicyProducer {

    /** The policy; fails startup with a message naming the offending configuration key. */
    @Produces
    @Singleton
    @Startup
    AdmissionPolicy policy(JobControlConfig config) {
        return from(config);
    }

    /** The policy the configuration describes (also used by tests of the configuration itself). */
    public static AdmissionPolicy from(JobControlConfig config) {
        JobControlConfig.Admission a = config.admission();
        Set<TaskSurface> bounded = EnumSet.noneOf(TaskSurface.class);
        if (a.nativeTasks()) {
            bounded.add(TaskSurface.NATIVE);
        }
        if (a.compatibility()) {
            bounded.add(TaskSurface.COMPATIBILITY);
        }
        Map<AdmissionBound, OptionalLong> limits = new EnumMap<>(AdmissionBound.class);
        limits.put(AdmissionBound.PRINCIPAL_CONCURRENCY, a.principalConcurrency());
        limits.put(AdmissionBound.PROJECT_CONCURRENCY, a.projectConcurrency());
        limits.put(AdmissionBound.ORGANIZATION_CONCURRENCY, a.organizationConcurrency());
        limits.put(AdmissionBound.PROJECT_BACKLOG, a.projectBacklog());
        limits.put(AdmissionBound.PROJECT_RETAINED_PAYLOAD_BYTES, a.projectRetainedPayloadBytes());
        return new AdmissionPolicy(
                bounded, limits, a.retryAfter(), config.sweeper().interval());
    }
}
