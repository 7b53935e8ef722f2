package dev.taskgate.jobctl.query;

import dev.taskgate.jobctl.JobControlException;
import dev.taskgate.jobctl.command.Problems;

/** No execution with that id exists for the caller: unknown, owned by someone else, or not an id at all. */
public class ExecutionNotFoundException extends JobControlException {

    private static final long serialVersionUID = 1L;

    /** The one not-found answer, whatever the reason. */
    public ExecutionNotFoundException() {
        super(Problems.notFound());
    }
}
