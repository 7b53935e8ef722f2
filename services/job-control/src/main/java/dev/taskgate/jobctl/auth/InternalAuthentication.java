package dev.taskgate.jobctl.auth;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.taskgate.jobctl.JobControlConfig;
import dev.taskgate.serviceauth.AssertionVerifier;
import dev.taskgate.serviceauth.CallerAssertion;
import dev.taskgate.serviceauth.InvalidAssertionException;
import dev.taskgate.serviceauth.ServiceKeys;

/**
 * Authenticates one internal request: its caller assertion must verify against the configured service keys and
 * its issuer be allowed on the route ({@link CallerPolicy}). Failures are logged with their reason and answered
 * without it.
 */
@ApplicationScoped
public class InternalAuthentication {
    /** The audience every assertion to job-control names. */
    public static final String AUDIENCE = "job-control";

    private static final Logger LOG = Logger.getLogger(InternalAuthentication.class);

    private final AssertionVerifier verifier;

    InternalAuthentication(JobControlConfig config) {
        // on the system clock, as the signers: not DbClock, which tests move to reach deadlines and retention
        this.verifier = new AssertionVerifier(
                AUDIENCE,
                ServiceKeys.trustedKeys(config.internalAuth().trustedKeys()),
                config.internalAuth().clockSkew());
    }

    /**
     * The verified assertion of a request.
     *
     * @param path   the raw path, to apply the route policy
     * @param target the raw path and query, as signed
     */
    public CallerAssertion authenticate(String header, String method, String path, String target, byte[] body) {
        CallerAssertion assertion;
        try {
            assertion = verifier.verify(header, method, target, body);
        } catch (InvalidAssertionException e) {
            LOG.warnf("Internal call refused [method=%s path=%s reason=%s]", method, path, e.getMessage());
            throw UnauthenticatedCallException.untrusted();
        }
        if (!CallerPolicy.allows(assertion.issuer(), method, path)) {
            LOG.warnf(
                    "Internal call outside its flows [issuer=%s method=%s path=%s]", assertion.issuer(), method, path);
            throw UnauthenticatedCallException.notAllowed(assertion.issuer());
        }
        return assertion;
    }
}
