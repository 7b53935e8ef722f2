package dev.taskgate.jobctl;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.taskgate.contracts.catalog.OperationCatalog;

/** Makes the operation catalog shipped with the contracts injectable. */
@Singleton
public class CatalogProducer {

    /** The catalog, loaded once. */
    @Produces
    @Singleton
    OperationCatalog catalog() {
        return OperationCatalog.load();
    }

    /** Lookups by name go to the catalog. */
    @Produces
    @Singleton
    Operations operations(OperationCatalog catalog) {
        return catalog::find;
    }
}
