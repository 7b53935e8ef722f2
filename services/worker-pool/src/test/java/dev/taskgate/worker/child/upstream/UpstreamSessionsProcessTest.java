package dev.taskgate.worker.child.upstream;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Idle stdio upstream processes: kept per command, at most a few, stopped when idle too long; real processes. */
class UpstreamSessionsProcessTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final List<StdioProcess> started = new ArrayList<>();

    @AfterEach
    void stopAll() {
        started.forEach(StdioProcess::stop);
    }

    private static UpstreamTarget target(String... argv) {
        ObjectNode json = MAPPER.createObjectNode()
                .put("id", "idle")
                .put("protocol", "2025-11-25")
                .put("tool", "t")
                .put("connectTimeoutMs", 5000)
                .put("callTimeoutMs", 60000);
        var args = json.putObject("command").putArray("argv");
        for (String arg : argv) {
            args.add(arg);
        }
        return UpstreamTarget.fromJson(json);
    }

    private UpstreamSessions.IdleProcess idle(UpstreamTarget target) {
        BlockingQueue<StreamItem> output = new LinkedBlockingQueue<>();
        StdioProcess process = StdioProcess.start(target, output);
        started.add(process);
        return new UpstreamSessions.IdleProcess(process, output, "2025-11-25", 3);
    }

    @Test
    void aKeptProcessIsTakenOnceAndOnlyForItsCommand() {
        UpstreamSessions sessions = new UpstreamSessions(Duration.ofMinutes(5));
        UpstreamTarget cat = target("cat");
        UpstreamSessions.IdleProcess kept = idle(cat);
        sessions.keepProcess(cat, kept);

        assertThat(sessions.takeProcess(target("cat", "-u"))).isEmpty();
        assertThat(sessions.takeProcess(cat)).containsSame(kept);
        assertThat(sessions.takeProcess(cat)).isEmpty();
    }

    @Test
    void aProcessThatDiedOrSpokeWhileIdleIsNotTaken() {
        UpstreamSessions sessions = new UpstreamSessions(Duration.ofMinutes(5));
        UpstreamTarget cat = target("cat");
        UpstreamSessions.IdleProcess dead = idle(cat);
        dead.process().stop();
        sessions.keepProcess(cat, dead);
        assertThat(sessions.takeProcess(cat)).isEmpty();

        UpstreamSessions.IdleProcess spoke = idle(cat);
        spoke.output().add(new StreamItem.End());
        sessions.keepProcess(cat, spoke);
        assertThat(sessions.takeProcess(cat)).isEmpty();
        await().atMost(Duration.ofSeconds(15)).until(() -> !spoke.process().isAlive());
    }

    @Test
    void beyondTheLimitTheLongestIdleIsStopped() {
        UpstreamSessions sessions = new UpstreamSessions(Duration.ofMinutes(5));
        List<UpstreamSessions.IdleProcess> kept = new ArrayList<>();
        for (int i = 0; i <= UpstreamSessions.MAX_IDLE_PROCESSES; i++) {
            UpstreamTarget target = target("cat", "-" + "u".repeat(i + 1));
            UpstreamSessions.IdleProcess process = idle(target);
            kept.add(process);
            sessions.keepProcess(target, process);
        }

        assertThat(sessions.idleProcesses()).isEqualTo(UpstreamSessions.MAX_IDLE_PROCESSES);
        await().atMost(Duration.ofSeconds(15))
                .until(() -> !kept.get(0).process().isAlive());
        assertThat(kept.subList(1, kept.size())).allMatch(p -> p.process().isAlive());
    }

    @Test
    void aProcessIdleLongerThanTheTimeoutIsStopped() {
        UpstreamSessions sessions = new UpstreamSessions(Duration.ofMillis(200));
        UpstreamTarget cat = target("cat");
        UpstreamSessions.IdleProcess kept = idle(cat);
        sessions.keepProcess(cat, kept);

        await().atMost(Duration.ofSeconds(15)).until(() -> !kept.process().isAlive());
        assertThat(sessions.idleProcesses()).isZero();
        assertThat(sessions.takeProcess(cat)).isEmpty();
    }
}
