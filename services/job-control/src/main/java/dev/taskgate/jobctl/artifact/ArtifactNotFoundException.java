package dev.taskgate.jobctl.artifact;

import dev.taskgate.jobctl.JobControlException;
import dev.taskgate.jobctl.command.Problems;

/** No unexpired artifact with that id or key in that workspace, or the request could not name one. */
public class ArtifactNotFoundException extends JobControlException {

    private static final long serialVersionUID = 1L;

    /** The one not-found answer, whatever the reason. */
    public ArtifactNotFoundException() {
        super(Problems.notFound());
    }
}
