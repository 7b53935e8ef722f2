package dev.taskgate.frontend.query;

import java.net.URI;
import java.time.Clock;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;

import dev.taskgate.serviceauth.AssertionSigner;
import dev.taskgate.serviceauth.CallerAssertion;
import dev.taskgate.serviceauth.ServiceKeys;

/**
 * Signs every call to job-control's internal API (docs/security.md "Service-to-service calls"). The API interfaces
 * name the caller in {@link JobControlApi#PRINCIPAL}, {@link JobControlApi#WORKSPACE} and the operator route
 * parameters; those never reach the wire: this filter takes them out and sends one caller assertion, signed with the
 * frontend's key, bound to the request's method, raw target and body. job-control trusts nothing else.
 */
final class JobControlCallSigner implements ClientRequestFilter {
    private final AssertionSigner signer;

    JobControlCallSigner(String signingKey) {
        this.signer = new AssertionSigner(
                "mcp-frontend", "job-control", ServiceKeys.signingKey(signingKey), Clock.systemUTC());
    }

    @Override
    public void filter(ClientRequestContext request) {
        String principal = take(request, JobControlApi.PRINCIPAL);
        String workspace = take(request, JobControlApi.WORKSPACE);
        String route = take(request, JobControlApi.ROUTE);
        URI uri = request.getUri();
        String target = uri.getRawQuery() == null ? uri.getRawPath() : uri.getRawPath() + "?" + uri.getRawQuery();
        Object entity = request.getEntity();
        if (entity != null && !(entity instanceof byte[])) {
            throw new IllegalStateException(
                    "internal calls send byte[] bodies, so that the signed bytes are the sent ones");
        }
        request.getHeaders()
                .putSingle(
                        CallerAssertion.HEADER,
                        signer.sign(request.getMethod(), target, (byte[]) entity, principal, workspace, route));
    }

    private static String take(ClientRequestContext request, String name) {
        String value = request.getHeaderString(name);
        request.getHeaders().remove(name);
        return value;
    }
}
