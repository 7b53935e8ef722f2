package dev.taskgate.frontend.console.rest;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;

import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.console.ConsolePolicy;

/**
 * The operator console's HTTP glue. Its files are static resources ({@code META-INF/resources/console}), served
 * without a token like any static file; every call they make for data goes to the APIs with the token the user
 * pasted. This adds the console's headers to every answer under {@code /console}, sends {@code /console} to
 * {@code /console/}, and serves {@code /console/settings.json}.
 */
@Singleton
class ConsoleRoutes {
    static final String ROOT = "/console";

    private final ConsolePolicy policy;

    ConsoleRoutes(FrontendConfig config) {
        this.policy = new ConsolePolicy(config.console().webhooksUrl());
    }

    void register(@Observes Router router) {
        // after RequestLimitsFilter (Integer.MIN_VALUE + 1), before the static files and every other route
        router.routeWithRegex("^" + ROOT + "(/.*)?$")
                .order(Integer.MIN_VALUE + 2)
                .handler(rc -> {
                    rc.addHeadersEndHandler(ended ->
                            policy.headers().forEach((n, v) -> rc.response().putHeader(n, v)));
                    rc.next();
                });
        router.get(ROOT).order(Integer.MIN_VALUE + 3).handler(rc -> {
            // Vert.x matches "/console/" here too; only the bare path is sent on
            if (!ROOT.equals(rc.request().path())) {
                rc.next();
                return;
            }
            rc.response()
                    .setStatusCode(302)
                    .putHeader(HttpHeaders.LOCATION, ROOT + "/")
                    .end();
        });
        router.get(ROOT + "/settings.json")
                .order(Integer.MIN_VALUE + 3)
                .handler(rc -> rc.response()
                        .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                        .end(policy.settingsJson()));
    }
}
