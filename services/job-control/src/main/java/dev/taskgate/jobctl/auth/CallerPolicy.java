package dev.taskgate.jobctl.auth;

import java.util.regex.Pattern;

/**
 * Which calling service may use which internal route (the documented flows, docs/security.md): mcp-frontend the
 * internal API on behalf of its verified users, except owner claims; worker-pool only reads an artifact by key for the execution
 * it runs, the upstream tools of the catalog, the call target of an upstream registered through the operator API,
 * and claims of the executions it runs. Anyone else nothing.
 */
final class CallerPolicy {
    static final String FRONTEND = "mcp-frontend";
    static final String WORKER_POOL = "worker-pool";
    private static final Pattern OWNER_CLAIM = Pattern.compile("/internal/v1/executions/[0-9a-fA-F-]{36}/owner-claim");
    private static final Pattern CALL_TARGET = Pattern.compile("/internal/v1/upstreams/[a-z0-9-]{1,64}/call-target");

    private CallerPolicy() {}

    static boolean allows(String issuer, String method, String path) {
        switch (issuer) {
            case FRONTEND:
                // claims are worker-pool's alone: an instance claims the executions it runs; and an upstream's call
                // target holds its sealed credential, which only the worker that calls it needs
                return path.startsWith("/internal/")
                        && !OWNER_CLAIM.matcher(path).matches()
                        && !CALL_TARGET.matcher(path).matches();
            case WORKER_POOL:
                return ("GET".equals(method)
                                && ("/internal/v1/artifacts/by-key".equals(path)
                                        || "/internal/v1/catalog/upstream-tools".equals(path)
                                        || CALL_TARGET.matcher(path).matches()))
                        || ("POST".equals(method) && OWNER_CLAIM.matcher(path).matches());
            default:
                return false;
        }
    }
}
