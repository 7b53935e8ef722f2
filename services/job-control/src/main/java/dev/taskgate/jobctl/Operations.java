package dev.taskgate.jobctl;

import java.util.Optional;

import dev.taskgate.contracts.catalog.OperationSpec;

/** The operations job-control accepts, by name: the contracts' operation catalog in every deployment. */
@FunctionalInterface
public interface Operations {

    /** The operation with this name, if registered. */
    Optional<OperationSpec> find(String name);
}
