package dev.taskgate.frontend;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.PluginJars;

/** The operation catalog shipped with the contracts, with the conformance pack when configured and
 * the entries of the plug-in jars; loaded once. */
public class CatalogProducer {
    @Produces
    @Singleton
    OperationCatalog catalog(FrontendConfig config) {
        return OperationCatalog.load(config.conformancePack(), PluginJars.in(config.pluginsDirectory()));
    }
}
