package dev.taskgate.frontend.auth;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import io.quarkus.runtime.Startup;

import dev.taskgate.claims.IdentityClaims;
import dev.taskgate.claims.InvalidClaimException;
import dev.taskgate.frontend.FrontendConfig;

/**
 * The fixed principal that serves MCP requests without credentials when {@code taskgate.frontend.local-principal}
 * is enabled (conformance runs: the suite sends no token). Refuses to start unless the HTTP listener is bound to
 * loopback only, so that no other machine can reach an unauthenticated endpoint. Its issuer is
 * {@value #ISSUER}, which no token can carry, so it never shares executions with a token-holding caller.
 */
@Singleton
@Startup
public class LocalPrincipal {
    /** The issuer of the local principal's {@link dev.taskgate.contracts.Caller}. */
    public static final String ISSUER = "urn:taskgate:local-principal";

    private static final Logger LOG = Logger.getLogger(LocalPrincipal.class);

    private final Optional<AuthenticatedCaller> caller;

    @Inject
    LocalPrincipal(FrontendConfig config, @ConfigProperty(name = "quarkus.http.host") String httpHost) {
        this(config.localPrincipal(), httpHost);
    }

    /**
     * @param settings the configured principal
     * @param httpHost the address the HTTP listener binds ({@code quarkus.http.host})
     * @throws IllegalStateException when enabled on a listener that is not loopback-only, or without subject, org or
     *                               project
     */
    public LocalPrincipal(FrontendConfig.LocalPrincipal settings, String httpHost) {
        if (!settings.enabled()) {
            this.caller = Optional.empty();
            return;
        }
        if (!isLoopbackOnly(httpHost)) {
            throw new IllegalStateException("taskgate.frontend.local-principal.enabled=true serves requests without "
                    + "credentials and is refused on quarkus.http.host=" + httpHost
                    + ": bind the listener to a loopback address (127.0.0.1, ::1 or localhost)");
        }
        String subject = required(settings.subject(), "subject");
        String org = required(settings.orgId(), "org-id");
        String project = required(settings.projectId(), "project-id");
        try {
            IdentityClaims.check(subject, org, project);
        } catch (InvalidClaimException e) {
            throw new IllegalStateException("taskgate.frontend.local-principal: the " + e.getMessage(), e);
        }
        this.caller =
                Optional.of(AuthenticatedCaller.forPath(ISSUER, subject, org, project, settings.scope(), org, project));
        LOG.warnf(
                "MCP requests without credentials are served as the local principal sub=%s org=%s project=%s "
                        + "scope=%s (taskgate.frontend.local-principal; loopback listener %s)",
                subject, org, project, settings.scope(), httpHost);
    }

    /** The local principal, when enabled. */
    public Optional<AuthenticatedCaller> caller() {
        return caller;
    }

    /** Whether every address this host name resolves to is a loopback address. */
    static boolean isLoopbackOnly(String host) {
        if (host == null || host.isBlank()) {
            return false;
        }
        try {
            InetAddress[] addresses = InetAddress.getAllByName(host.trim());
            return addresses.length > 0 && Arrays.stream(addresses).allMatch(InetAddress::isLoopbackAddress);
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static String required(Optional<String> value, String key) {
        return value.filter(v -> !v.isBlank())
                .orElseThrow(() -> new IllegalStateException("taskgate.frontend.local-principal." + key
                        + " is required when the local principal is enabled"));
    }
}
