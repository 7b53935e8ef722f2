package dev.taskgate.jobctl;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.PluginJars;

/** Makes the operation catalog shipped with the contracts injectable, with the conformance pack when configured and
 * the entries of the plug-in jars. */
@Singleton
public class CatalogProducer {

    /** The catalog, loaded once. */
    @Produces
    @Singleton
    OperationCatalog catalog(JobControlConfig config) {
        return OperationCatalog.load(config.conformancePack(), PluginJars.in(config.pluginsDirectory()));
    }

    /** Lookups by name go to the catalog. */
    @Produces
    @Singleton
    Operations operations(OperationCatalog catalog) {
        return catalog::find;
    }
}
