package dev.taskgate.frontend.query;

import java.util.function.Supplier;

import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;

import org.jboss.logging.Logger;

/**
 * One more attempt, on a new connection, for a call of job-control that met a stopping instance: a connection it
 * closed or reset, or its 503 (an instance tearing down answers so, with {@code Connection: close}). The Service sends
 * the new connection to a ready instance. Only for calls that may be sent twice (reads, and writes that set a state).
 * A timeout is not retried: the instance was there, and a second wait would double the caller's.
 */
final class StoppingInstanceRetry {
    private static final Logger LOG = Logger.getLogger(StoppingInstanceRetry.class);

    private StoppingInstanceRetry() {}

    /** {@code request}'s response, from a second attempt if the first met a stopping instance. */
    static Response call(Supplier<Response> request) {
        Response first;
        try {
            first = request.get();
        } catch (ProcessingException e) {
            if (isTimeout(e)) {
                throw e;
            }
            LOG.debugf("job-control connection lost; trying once more reason=%s", e.getMessage());
            return request.get();
        }
        if (first.getStatus() != 503) {
            return first;
        }
        first.close();
        LOG.debug("job-control answered 503; trying once more on a new connection");
        return request.get();
    }

    static boolean isTimeout(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getClass().getSimpleName().contains("Timeout")) {
                return true;
            }
        }
        return false;
    }
}
