package dev.taskgate.worker;

import java.util.HashMap;
import java.util.Map;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * The fixtures every component test of this module runs with: the workspace of {@link WorkspaceFixture} and the
 * rewrite sandbox of {@link RewriteSandboxFixture} (a global test resource: tests that do not use them are not
 * affected, and no profile exists only to carry them).
 */
@QuarkusTestResource(WorkerFixturesResource.class)
public class WorkerFixturesResource implements QuarkusTestResourceLifecycleManager {
    @Override
    public Map<String, String> start() {
        Map<String, String> settings = new HashMap<>(WorkspaceFixture.settings());
        settings.putAll(RewriteSandboxFixture.settings());
        return settings;
    }

    @Override
    public void stop() {
        // the directories stay under target/ for a look after a failure
    }
}
