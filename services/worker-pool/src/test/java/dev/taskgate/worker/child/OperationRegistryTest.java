package dev.taskgate.worker.child;

import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;

import static org.assertj.core.api.Assertions.assertThat;

class OperationRegistryTest {

    @Test
    void implementsExactlyTheOperationsOfTheCatalogAndTheConformancePack() {
        var catalogNames = OperationCatalog.load(true).all().stream()
                .map(OperationSpec::name)
                .toList();

        assertThat(OperationRegistry.builtIn().names()).containsExactlyInAnyOrderElementsOf(catalogNames);
    }

    @Test
    void findsNothingForANameOutsideTheRegistry() {
        assertThat(OperationRegistry.builtIn().find("java.lang.Runtime")).isEmpty();
    }
}
