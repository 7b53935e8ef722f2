package dev.taskgate.jobctl.upstream;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.taskgate.contracts.upstream.UpstreamCommand;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamProtocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The kept process of a stdio upstream ({@link StdioUpstreamProcesses}), with small shell programs as upstreams, each
 * noting its pid, the ids it was asked and the answers it got in files: one process and one {@code initialize} for
 * every session, its {@code ping} answered and its other requests refused, its announcement passed on only when it
 * declared {@code tools.listChanged}, and each way of losing it (no answer in time, a line that is not JSON-RPC, its
 * end) stopping it, refusing sessions with the reason during the pause and starting a new one after it; a changed
 * definition and shutdown stop it.
 */
class StdioUpstreamProcessesTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":"
            + "\"2025-11-25\",\"capabilities\":{\"tools\":{\"listChanged\":%s}},"
            + "\"serverInfo\":{\"name\":\"s\",\"version\":\"1\"}}}";
    // answers each request with an empty tool list, noting its id
    private static final String SERVE = "while read line; do\n"
            + "  id=$(printf '%s' \"$line\" | sed -n 's/.*\"id\":\\([0-9]*\\).*/\\1/p')\n"
            + "  echo \"$id\" >> \"$DIR/ids\"\n"
            + "  printf '{\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"tools\":[]}}\\n' \"$id\"\n"
            + "done\n";

    @TempDir
    Path dir;

    private final List<String> unavailable = new CopyOnWriteArrayList<>();
    private final List<String> listedAgain = new CopyOnWriteArrayList<>();
    private StdioUpstreamProcesses processes;

    @AfterEach
    void stopAll() {
        if (processes != null) {
            processes.stopAll();
        }
    }

    private StdioUpstreamProcesses processes(List<UpstreamDefinition> current, Duration firstPause) {
        processes = new StdioUpstreamProcesses(() -> current, firstPause, Duration.ofHours(1));
        processes.notify(new StdioUpstreamProcesses.Events() {
            @Override
            public void listAgain(String id) {
                listedAgain.add(id);
            }

            @Override
            public void unavailable(String id, String reason) {
                unavailable.add(reason);
            }
        });
        return processes;
    }

    /** An upstream running {@code afterInitialize} once initialized (declaring {@code listChanged} or not). */
    private UpstreamDefinition upstream(boolean listChanged, String afterInitialize, Duration callTimeout)
            throws IOException {
        Path script = dir.resolve("upstream.sh");
        Files.writeString(
                script,
                "echo $$ >> \"$DIR/pids\"\n"
                        + "read line\n"
                        + "printf '%s\\n' '" + INITIALIZED.formatted(listChanged) + "'\n"
                        + "read line\n"
                        + afterInitialize,
                StandardCharsets.UTF_8);
        UpstreamCommand command =
                new UpstreamCommand(List.of("sh", script.toString()), Optional.empty(), Map.of("DIR", dir.toString()));
        return new UpstreamDefinition(
                "u",
                null,
                UpstreamProtocol.MCP_2025_11_25,
                "u",
                Optional.empty(),
                List.of("*"),
                List.of(),
                Map.of(),
                Duration.ofSeconds(2),
                callTimeout,
                1,
                Duration.ofHours(1),
                Optional.of(command));
    }

    private List<String> lines(String file) throws IOException {
        Path path = dir.resolve(file);
        return Files.exists(path) ? Files.readAllLines(path, StandardCharsets.UTF_8) : List.of();
    }

    private List<Long> pids() throws IOException {
        return lines("pids").stream().map(Long::valueOf).toList();
    }

    private static boolean ended(long pid) {
        return ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
    }

    private static void listTools(DiscoverySession session) throws UpstreamException {
        session.request("tools/list", JsonNodeFactory.instance.objectNode());
    }

    @Test
    void sessionsShareOneInitializedProcessWithIncreasingIdsAndItsOwnRequestsAreAnswered() throws Exception {
        UpstreamDefinition upstream = upstream(
                false,
                "printf '%s\\n' '{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}'\n"
                        + "read line; echo \"$line\" >> \"$DIR/answers\"\n"
                        + "printf '%s\\n' '{\"jsonrpc\":\"2.0\",\"id\":\"q\",\"method\":\"roots/list\"}'\n"
                        + "read line; echo \"$line\" >> \"$DIR/answers\"\n"
                        + SERVE,
                Duration.ofSeconds(10));
        StdioUpstreamProcesses processes = processes(List.of(upstream), Duration.ofSeconds(1));

        try (DiscoverySession first = processes.open(upstream)) {
            await().atMost(WAIT).until(() -> lines("answers").size() == 2);
            listTools(first);
            listTools(first);
        }
        try (DiscoverySession second = processes.open(upstream)) {
            listTools(second);
        }

        assertThat(pids()).hasSize(1);
        assertThat(ended(pids().get(0))).isFalse();
        assertThat(lines("ids")).containsExactly("2", "3", "4");
        assertThat(lines("answers").get(0)).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"result\":{}}");
        assertThat(lines("answers").get(1)).contains("\"id\":\"q\"").contains("-32601");
        assertThat(unavailable).isEmpty();
    }

    @Test
    void anAnnouncementIsPassedOnOnlyWhenTheUpstreamDeclaredListChanged() throws Exception {
        String announceThenAnswer = "read line\n"
                + "printf '%s\\n' '{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}'\n"
                + "printf '%s\\n' '{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"tools\":[]}}'\n"
                + "cat > /dev/null\n";
        UpstreamDefinition silent = upstream(false, announceThenAnswer, Duration.ofSeconds(10));
        try (DiscoverySession session =
                processes(List.of(silent), Duration.ofSeconds(1)).open(silent)) {
            // the output is read in order: the announcement was handled before the answer arrived
            listTools(session);
        }
        assertThat(listedAgain).isEmpty();
        processes.stopAll();

        UpstreamDefinition announcing = upstream(true, announceThenAnswer, Duration.ofSeconds(10));
        try (DiscoverySession session =
                processes(List.of(announcing), Duration.ofSeconds(1)).open(announcing)) {
            listTools(session);
        }
        assertThat(listedAgain).containsExactly("u");
        assertThat(unavailable).isEmpty();
    }

    @Test
    void aProcessThatDoesNotAnswerInTimeIsStoppedAndSessionsAreRefusedWithTheReasonDuringThePause() throws Exception {
        UpstreamDefinition upstream = upstream(false, "cat > /dev/null\n", Duration.ofSeconds(1));
        StdioUpstreamProcesses processes = processes(List.of(upstream), Duration.ofHours(1));

        try (DiscoverySession session = processes.open(upstream)) {
            assertThatThrownBy(() -> listTools(session))
                    .isInstanceOf(UpstreamException.class)
                    .hasMessage("upstream u did not answer tools/list within 1000 ms");
        }

        await().atMost(WAIT).until(() -> unavailable.size() == 1);
        assertThat(unavailable.get(0)).isEqualTo("upstream u did not answer tools/list within 1000 ms");
        await().atMost(WAIT).until(() -> ended(pids().get(0)));
        assertThatThrownBy(() -> processes.open(upstream))
                .isInstanceOf(UpstreamException.class)
                .hasMessageStartingWith(
                        "upstream u did not answer tools/list within 1000 ms (its process is started" + " again in ");
        assertThat(pids()).hasSize(1);
        assertThat(listedAgain).isEmpty();
    }

    @Test
    void aLineThatIsNotJsonRpcLosesTheProcessAndANewOneIsStartedAfterThePause() throws Exception {
        UpstreamDefinition upstream =
                upstream(false, "read line\nprintf 'not json\\n'\ncat > /dev/null\n", Duration.ofSeconds(10));
        StdioUpstreamProcesses processes = processes(List.of(upstream), Duration.ofMillis(100));

        try (DiscoverySession session = processes.open(upstream)) {
            assertThatThrownBy(() -> listTools(session))
                    .isInstanceOf(UpstreamException.class)
                    .hasMessage("upstream u answered tools/list with malformed JSON");
        }
        await().atMost(WAIT).until(() -> listedAgain.size() == 1);
        assertThat(unavailable).containsExactly("upstream u answered tools/list with malformed JSON");
        assertThat(ended(pids().get(0))).isTrue();

        processes.open(upstream).close();
        assertThat(pids()).hasSize(2);
    }

    @Test
    void aProcessThatExitsBetweenRequestsMakesTheUpstreamUnavailableWithItsStatus() throws Exception {
        UpstreamDefinition upstream = upstream(false, "echo going away >&2\nexit 9\n", Duration.ofSeconds(10));
        StdioUpstreamProcesses processes = processes(List.of(upstream), Duration.ofMillis(100));

        processes.open(upstream).close();

        await().atMost(WAIT).until(() -> listedAgain.size() == 1);
        assertThat(unavailable).hasSize(1);
        assertThat(unavailable.get(0))
                .isEqualTo("upstream u ended its output: its process exited with status 9; its last error output:"
                        + " going away");
    }

    @Test
    void aProcessBetweenRequestsThatWritesGarbageIsLostWithTheReason() throws Exception {
        UpstreamDefinition upstream = upstream(false, "printf '[1]\\n'\ncat > /dev/null\n", Duration.ofSeconds(10));
        StdioUpstreamProcesses processes = processes(List.of(upstream), Duration.ofHours(1));

        processes.open(upstream).close();

        await().atMost(WAIT).until(() -> unavailable.size() == 1);
        assertThat(unavailable.get(0)).isEqualTo("upstream u wrote a line that is not JSON-RPC 2.0 between requests");
        await().atMost(WAIT).until(() -> ended(pids().get(0)));
    }

    @Test
    void aChangedDefinitionAndShutdownStopTheProcess() throws Exception {
        UpstreamDefinition before = upstream(false, SERVE, Duration.ofSeconds(10));
        UpstreamDefinition after = upstream(false, SERVE, Duration.ofSeconds(20));
        List<UpstreamDefinition> current = new CopyOnWriteArrayList<>(List.of(before));
        StdioUpstreamProcesses processes = processes(current, Duration.ofSeconds(1));
        processes.open(before).close();

        current.set(0, after);
        processes.open(after).close();

        assertThat(pids()).hasSize(2);
        await().atMost(WAIT).until(() -> ended(pids().get(0)));
        assertThat(ended(pids().get(1))).isFalse();
        processes.stopAll();
        await().atMost(WAIT).until(() -> ended(pids().get(1)));
        assertThat(unavailable).isEmpty();
    }
}
