package dev.taskgate.frontend;

import java.time.Clock;

import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import io.quarkus.runtime.Startup;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.PluginJars;
import dev.taskgate.contracts.catalog.UpstreamToolsFeed;
import dev.taskgate.serviceauth.AssertionSigner;
import dev.taskgate.serviceauth.CallerAssertion;
import dev.taskgate.serviceauth.ServiceKeys;

/**
 * The operation catalog: the one shipped with the contracts, with the conformance pack when configured and the entries
 * of the plug-in jars, loaded once; and the upstream tools of the gateway, kept in step with job-control's discovery.
 */
public class CatalogProducer {
    @Produces
    @Singleton
    OperationCatalog catalog(FrontendConfig config) {
        return OperationCatalog.load(config.conformancePack(), PluginJars.in(config.pluginsDirectory()));
    }

    @Produces
    @Singleton
    @Startup
    UpstreamToolsFeed upstreamTools(FrontendConfig config, OperationCatalog catalog) {
        AssertionSigner signer = new AssertionSigner(
                "mcp-frontend", "job-control", ServiceKeys.signingKey(config.serviceSigningKey()), Clock.systemUTC());
        UpstreamToolsFeed feed = new UpstreamToolsFeed(
                catalog,
                config.jobControlUrl(),
                (request, target) ->
                        request.header(CallerAssertion.HEADER, signer.sign("GET", target, null, null, null, null)));
        feed.start(config.upstreamToolsRefresh());
        return feed;
    }

    void close(@Disposes UpstreamToolsFeed feed) {
        feed.close();
    }
}
