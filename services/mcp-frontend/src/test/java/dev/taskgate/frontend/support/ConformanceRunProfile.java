package dev.taskgate.frontend.support;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * The frontend as {@code bin/conformance} runs it: the conformance tool pack and the unauthenticated local principal
 * on, the listener on loopback; job-control's query API played by {@link FakeJobControlQueries} as everywhere.
 */
public class ConformanceRunProfile implements QuarkusTestProfile {
    /** The local principal's subject. */
    public static final String SUBJECT = "conformance";
    /** The local principal's organisation. */
    public static final String ORG = "org-local";
    /** The local principal's project. */
    public static final String PROJECT = "proj-local";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "quarkus.http.host",
                "127.0.0.1",
                "taskgate.conformance.enabled",
                "true",
                "taskgate.frontend.local-principal.enabled",
                "true",
                "taskgate.frontend.local-principal.subject",
                SUBJECT,
                "taskgate.frontend.local-principal.org-id",
                ORG,
                "taskgate.frontend.local-principal.project-id",
                PROJECT);
    }
}
