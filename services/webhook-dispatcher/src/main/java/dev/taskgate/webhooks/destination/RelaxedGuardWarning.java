package dev.taskgate.webhooks.destination;

import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.jboss.logging.Logger;

import io.quarkus.runtime.StartupEvent;

import dev.taskgate.webhooks.WebhooksConfig;

/**
 * Says loudly at start when configuration relaxes the SSRF guard: the switches exist for loopback receivers in tests
 * and the local stack, and left on in production they let subscribers make the dispatcher call internal services.
 */
@ApplicationScoped
public class RelaxedGuardWarning {
    private static final Logger LOG = Logger.getLogger(RelaxedGuardWarning.class);

    private final WebhooksConfig config;

    RelaxedGuardWarning(WebhooksConfig config) {
        this.config = config;
    }

    void onStart(@Observes StartupEvent start) {
        warnings().forEach(LOG::warn);
    }

    /** One warning per relaxing switch that is on; empty when the guard is fully on. */
    public List<String> warnings() {
        List<String> warnings = new ArrayList<>();
        if (config.allowPrivateDestinations()) {
            warnings.add("SSRF guard relaxed: taskgate.webhooks.allow-private-destinations=true lets webhooks reach "
                    + "private, loopback, link-local and other internal addresses; never enable it in production");
        }
        if (config.allowHttpDestinations()) {
            warnings.add("SSRF guard relaxed: taskgate.webhooks.allow-http-destinations=true lets webhooks go out over "
                    + "plain HTTP; never enable it in production");
        }
        return warnings;
    }
}
