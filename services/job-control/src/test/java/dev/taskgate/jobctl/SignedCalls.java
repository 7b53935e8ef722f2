package dev.taskgate.jobctl;

import java.net.URI;
import java.nio.charset.StandardCharsets;

import io.restassured.RestAssured;
import io.restassured.filter.Filter;
import io.restassured.filter.FilterContext;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;
import io.restassured.specification.RequestSpecification;

import dev.taskgate.serviceauth.CallerAssertion;
import dev.taskgate.testsupport.DevServiceKeys;

/**
 * Internal API calls as a service makes them: the test names the caller in plain headers ({@value #PRINCIPAL},
 * {@value #WORKSPACE}, {@value #ROUTE}, and {@value #ISSUER} for another service than mcp-frontend), and the filter
 * turns them into the signed caller assertion of the request it sends, with the development keys. Nothing but the
 * assertion reaches job-control.
 */
final class SignedCalls {
    static final String PRINCIPAL = "Taskgate-Principal";
    static final String WORKSPACE = "Taskgate-Workspace";
    static final String ROUTE = "Taskgate-Route";
    static final String ISSUER = "Test-Issuer";

    private static final Filter SIGNING = SignedCalls::sign;

    private SignedCalls() {}

    /** {@code given()} with the signing filter. */
    static RequestSpecification signed() {
        return RestAssured.given().filter(SIGNING);
    }

    private static Response sign(
            FilterableRequestSpecification request, FilterableResponseSpecification response, FilterContext context) {
        String principal = take(request, PRINCIPAL);
        String workspace = take(request, WORKSPACE);
        String route = take(request, ROUTE);
        String issuer = take(request, ISSUER);
        URI uri = URI.create(request.getURI());
        String target = uri.getRawQuery() == null ? uri.getRawPath() : uri.getRawPath() + "?" + uri.getRawQuery();
        request.header(
                CallerAssertion.HEADER,
                DevServiceKeys.signer(issuer == null ? "mcp-frontend" : issuer)
                        .sign(request.getMethod(), target, body(request), principal, workspace, route));
        return context.next(request, response);
    }

    private static String take(FilterableRequestSpecification request, String name) {
        String value = request.getHeaders().getValue(name);
        request.removeHeader(name);
        return value;
    }

    private static byte[] body(FilterableRequestSpecification request) {
        Object body = request.getBody();
        if (body == null) {
            return null;
        }
        if (body instanceof byte[] bytes) {
            return bytes;
        }
        return body.toString().getBytes(StandardCharsets.UTF_8);
    }
}
