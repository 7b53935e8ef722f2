package dev.taskgate.worker.execution;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.taskgate.contracts.catalog.OperationCatalog;

/** Makes the operation catalog shipped with the contracts injectable. */
@Singleton
public class CatalogProducer {

    @Produces
    @Singleton
    OperationCatalog catalog() {
        return OperationCatalog.load();
    }
}
