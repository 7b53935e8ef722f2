package dev.taskgate.testsupport;

import java.time.Clock;
import java.time.Duration;

import dev.taskgate.serviceauth.AssertionSigner;
import dev.taskgate.serviceauth.AssertionVerifier;
import dev.taskgate.serviceauth.RecordSigner;
import dev.taskgate.serviceauth.RecordVerifier;
import dev.taskgate.serviceauth.ServiceKeys;

/**
 * The development signing keys of mcp-frontend and worker-pool, as the services' {@code %dev}/{@code %test}
 * profiles configure them (public and insecure: tests and development only). Tests sign the calls a service would
 * make to job-control's internal API, or verify the calls a service made to a fake job-control; and they sign the
 * Kafka records a service would produce ({@link #recordSigner}, used by {@link KafkaTestClient}) or verify the ones
 * it produced ({@link #recordVerifier}).
 */
public final class DevServiceKeys {
    /** mcp-frontend's development signing key, {@code <keyId>:<base64 key>}. */
    public static final String FRONTEND_SIGNING_KEY = "dev-insecure-fe:TsNyAgQCUZrwVJoFOcGhk0S4R8yiUFCfICmrOyCZkNE=";
    /** worker-pool's development signing key. */
    public static final String WORKER_POOL_SIGNING_KEY = "dev-insecure-wp:D4J42wVRZvDzZClIogHrqQhh/kCQzlC8nYJkSBHA0fg=";
    /** Both keys, as job-control's {@code jobctl.internal-auth.trusted-keys}. */
    public static final String TRUSTED_KEYS =
            "mcp-frontend:dev-insecure-fe:TsNyAgQCUZrwVJoFOcGhk0S4R8yiUFCfICmrOyCZkNE=,"
                    + "worker-pool:dev-insecure-wp:D4J42wVRZvDzZClIogHrqQhh/kCQzlC8nYJkSBHA0fg=";

    private DevServiceKeys() {}

    /** A signer for {@code issuer} ({@code mcp-frontend} or {@code worker-pool}) addressing job-control. */
    public static AssertionSigner signer(String issuer) {
        return new AssertionSigner(
                issuer, "job-control", ServiceKeys.signingKey(signingKey(issuer)), Clock.systemUTC());
    }

    /** The development signing key of {@code issuer}, {@code <keyId>:<base64 key>}. */
    public static String signingKey(String issuer) {
        return switch (issuer) {
            case "mcp-frontend" -> FRONTEND_SIGNING_KEY;
            case "worker-pool" -> WORKER_POOL_SIGNING_KEY;
            default -> throw new IllegalArgumentException("no development key for " + issuer);
        };
    }

    /** A signer of Kafka records as {@code issuer} ({@code mcp-frontend} or {@code worker-pool}). */
    public static RecordSigner recordSigner(String issuer) {
        return new RecordSigner(issuer, ServiceKeys.signingKey(signingKey(issuer)));
    }

    /** A verifier of Kafka record signatures as job-control runs it with the development keys. */
    public static RecordVerifier recordVerifier() {
        return new RecordVerifier(ServiceKeys.trustedKeys(TRUSTED_KEYS));
    }

    /** A verifier as job-control runs it with the development keys. */
    public static AssertionVerifier verifier() {
        return new AssertionVerifier(
                "job-control", ServiceKeys.trustedKeys(TRUSTED_KEYS), Clock.systemUTC(), Duration.ofSeconds(30));
    }
}
