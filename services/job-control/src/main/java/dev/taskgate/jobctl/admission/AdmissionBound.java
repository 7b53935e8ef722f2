package dev.taskgate.jobctl.admission;

/** The five admission bounds, each with its configuration key and the words used in a refusal's detail. */
public enum AdmissionBound {
    PRINCIPAL_CONCURRENCY("principal-concurrency", "principal concurrency limit"),
    PROJECT_CONCURRENCY("project-concurrency", "project concurrency limit"),
    ORGANIZATION_CONCURRENCY("organization-concurrency", "organization concurrency limit"),
    PROJECT_BACKLOG("project-backlog", "project backlog limit"),
    PROJECT_RETAINED_PAYLOAD_BYTES("project-retained-payload-bytes", "project retained payload limit");

    /** Prefix of every admission configuration key. */
    public static final String KEY_PREFIX = "jobctl.admission.";

    private final String name;
    private final String phrase;

    AdmissionBound(String name, String phrase) {
        this.name = name;
        this.phrase = phrase;
    }

    /** The configuration key, e.g. {@code jobctl.admission.project-backlog}. */
    public String key() {
        return KEY_PREFIX + name;
    }

    /** The short name, e.g. {@code project-backlog}. */
    public String boundName() {
        return name;
    }

    /** How a refusal names it. */
    public String phrase() {
        return phrase;
    }
}
