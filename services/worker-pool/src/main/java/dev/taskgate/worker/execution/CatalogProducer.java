package dev.taskgate.worker.execution;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.PluginJars;
import dev.taskgate.worker.WorkerConfig;

/**
 * Makes the operation catalog shipped with the contracts injectable, with the conformance pack when configured and
 * the entries of the plug-in jars.
 */
@Singleton
public class CatalogProducer {

    @Produces
    @Singleton
    OperationCatalog catalog(WorkerConfig config) {
        return OperationCatalog.load(config.conformancePack(), PluginJars.in(config.pluginsDirectory()));
    }
}
