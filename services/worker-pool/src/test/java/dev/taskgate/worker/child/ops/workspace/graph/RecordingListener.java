package dev.taskgate.worker.child.ops.workspace.graph;

import java.util.ArrayList;
import java.util.List;

/** Records checkpoints; stops after a given number of checkpoints when asked to. */
final class RecordingListener implements GraphTraversal.Listener {
    record Saved(String revision, String frontier) {}

    final List<Saved> checkpoints = new ArrayList<>();
    final List<String> progress = new ArrayList<>();
    private final int stopAfterCheckpoints;

    RecordingListener() {
        this(Integer.MAX_VALUE);
    }

    RecordingListener(int stopAfterCheckpoints) {
        this.stopAfterCheckpoints = stopAfterCheckpoints;
    }

    @Override
    public boolean isStopRequested() {
        return checkpoints.size() >= stopAfterCheckpoints;
    }

    @Override
    public void checkpoint(String revision, String frontier) {
        checkpoints.add(new Saved(revision, frontier));
    }

    @Override
    public void progress(int filesRead, int nodesDiscovered, boolean resumed) {
        progress.add(filesRead + "/" + nodesDiscovered + (resumed ? " resumed" : ""));
    }
}
