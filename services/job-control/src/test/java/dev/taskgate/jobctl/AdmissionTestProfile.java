package dev.taskgate.jobctl;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * Admission on for the native surface only, with small bounds: principal 2, project 4, organization 6 concurrent,
 * project backlog 3, project retained payload 1500 bytes, retry hint 2 s.
 */
public class AdmissionTestProfile implements QuarkusTestProfile {

    static final int PRINCIPAL = 2;
    static final int PROJECT = 4;
    static final int ORGANIZATION = 6;
    static final int BACKLOG = 3;
    static final int RETAINED_BYTES = 1500;

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "jobctl.admission.native-tasks", "true",
                "jobctl.admission.principal-concurrency", Integer.toString(PRINCIPAL),
                "jobctl.admission.project-concurrency", Integer.toString(PROJECT),
                "jobctl.admission.organization-concurrency", Integer.toString(ORGANIZATION),
                "jobctl.admission.project-backlog", Integer.toString(BACKLOG),
                "jobctl.admission.project-retained-payload-bytes", Integer.toString(RETAINED_BYTES),
                "jobctl.admission.retry-after", "2s");
    }
}
