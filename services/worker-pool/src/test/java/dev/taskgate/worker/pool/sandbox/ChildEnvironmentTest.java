package dev.taskgate.worker.pool.sandbox;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ChildEnvironmentTest {
    private static final Path DIR = Path.of("/tmp/taskgate-children/child-1");
    private static final Path JAVA = Path.of("/usr/lib/jvm/java-17");

    @Test
    void keepsOnlyTheAllowListAndSetsTheChildsOwnDirectories() {
        Map<String, String> parent = Map.of(
                "PATH", "/usr/bin:/bin",
                "LANG", "en_GB.UTF-8",
                "LC_CTYPE", "C.UTF-8",
                "TZ", "Europe/Paris",
                "HOME", "/root",
                "JOBCTL_PAYLOAD_KEYS", "k1:secret",
                "TASKGATE_PAYLOAD_KEYS", "k2:secret",
                "TASKGATE_HANDLES_KEY", "secret",
                "TASKGATE_JOB_CONTROL_URL", "http://internal:8081",
                "JAVA_TOOL_OPTIONS", "-javaagent:x.jar");

        assertThat(ChildEnvironment.of(parent, DIR, JAVA))
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        "PATH", "/usr/bin:/bin",
                        "LANG", "en_GB.UTF-8",
                        "LC_CTYPE", "C.UTF-8",
                        "TZ", "Europe/Paris",
                        "HOME", DIR.toString(),
                        "TMPDIR", DIR.toString(),
                        "JAVA_HOME", JAVA.toString()));
    }

    @Test
    void givesAStandardPathWhenTheWorkerHasNone() {
        assertThat(ChildEnvironment.of(Map.of(), DIR, JAVA)).containsEntry("PATH", "/usr/local/bin:/usr/bin:/bin");
    }
}
