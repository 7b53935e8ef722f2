package dev.taskgate.serviceauth;

import java.time.Instant;

/**
 * What a calling service asserts about one internal HTTP request, signed with its own key ({@link AssertionSigner}):
 * who signs ({@code issuer}, {@code keyId}), for whom ({@code audience}), when ({@code issuedAt}, {@code expiresAt}),
 * which request ({@code method}, {@code target} = raw path and query, {@code bodyHash}) and on whose behalf
 * ({@code principal}, {@code workspace}, {@code route}; absent for a service's own calls). Travels in the
 * {@value #HEADER} header as {@code base64url(JSON claims) "." base64url(HMAC-SHA256 of the first part)}, so
 * identities reach the receiver byte-exact in UTF-8, whatever characters they hold.
 *
 * @param bodyHash  base64url SHA-256 of the request body; {@code null} for a request without one
 * @param principal the end user the call is made for; {@code null} for a service's own call
 * @param workspace the workspace ({@code <org>/<project>}) of the call; {@code null} when it has none
 * @param route     the public route an operator call came through (for the audit log); {@code null} otherwise
 */
public record CallerAssertion(
        String issuer,
        String keyId,
        String audience,
        Instant issuedAt,
        Instant expiresAt,
        String method,
        String target,
        String bodyHash,
        String principal,
        String workspace,
        String route) {

    /** The request header that carries the signed assertion. */
    public static final String HEADER = "Taskgate-Caller";
}
