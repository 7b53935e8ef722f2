package dev.taskgate.jobctl.auth;

/**
 * Which calling service may use which internal route (the documented flows, docs/security.md): mcp-frontend the
 * whole internal API on behalf of its verified users; worker-pool only reads an artifact by key for the execution
 * it runs and the upstream tools of the catalog. Anyone else nothing.
 */
final class CallerPolicy {
    static final String FRONTEND = "mcp-frontend";
    static final String WORKER_POOL = "worker-pool";

    private CallerPolicy() {}

    static boolean allows(String issuer, String method, String path) {
        switch (issuer) {
            case FRONTEND:
                return path.startsWith("/internal/");
            case WORKER_POOL:
                return "GET".equals(method)
                        && ("/internal/v1/artifacts/by-key".equals(path)
                                || "/internal/v1/catalog/upstream-tools".equals(path));
            default:
                return false;
        }
    }
}
