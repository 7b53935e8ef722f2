package dev.taskgate.jobctl;

import java.util.Set;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.catalog.UpstreamTools;
import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Stdio upstreams of the upstreams file ({@link StdioUpstreamsProfile}): job-control starts each command, initializes
 * and lists it (the process is kept: {@link UpstreamStdioProcessTest}). The working one's tools join the catalog under its namespace; a program that does
 * not exist and one that exits at once are unavailable with the reason, and neither affects the other.
 */
@QuarkusTest
@TestProfile(StdioUpstreamsProfile.class)
class UpstreamStdioDiscoveryTest {

    private static UpstreamTools catalog() {
        return Wire.fromBytes(
                SignedCalls.signed()
                        .get("/internal/v1/catalog/upstream-tools")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asByteArray(),
                UpstreamTools.class);
    }

    private static UpstreamState state(String id) {
        return catalog().upstreams().stream()
                .filter(s -> s.id().equals(id))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aStdioUpstreamIsListedAndItsToolsAppearUnderItsNamespace() {
        await().atMost(WAIT)
                .until(() -> catalog().upstreams().stream()
                        .anyMatch(s -> s.id().equals(StdioUpstreamsProfile.WORKING) && s.available()));

        UpstreamTools tools = catalog();
        assertThat(tools.byName().keySet())
                .contains("stdio_counting.echo", "stdio_counting.slow", "stdio_counting.ask")
                .noneMatch(name -> name.startsWith("stdio_missing.") || name.startsWith("stdio_quitting."));
        OperationSpec echo = tools.byName().get("stdio_counting.echo");
        assertThat(echo.upstream().upstream()).isEqualTo(StdioUpstreamsProfile.WORKING);
        assertThat(echo.upstream().tool()).isEqualTo("echo");
        assertThat((long) state(StdioUpstreamsProfile.WORKING).tools())
                .isEqualTo(tools.byName().keySet().stream()
                        .filter(name -> name.startsWith("stdio_counting."))
                        .count());
    }

    @Test
    void aCommandThatCannotStartOrExitsAtOnceLeavesItsUpstreamUnavailableWithTheReason() {
        await().atMost(WAIT).until(() -> {
            Set<String> listed = Set.of(StdioUpstreamsProfile.MISSING, StdioUpstreamsProfile.QUITTING);
            return catalog().upstreams().stream()
                            .filter(s -> listed.contains(s.id()) && !s.available() && s.problem() != null)
                            .count()
                    == 2;
        });

        assertThat(state(StdioUpstreamsProfile.MISSING).problem())
                .contains("upstream " + StdioUpstreamsProfile.MISSING)
                .contains("its command could not be started")
                .contains("no-such-program");
        assertThat(state(StdioUpstreamsProfile.QUITTING).problem())
                .contains("upstream " + StdioUpstreamsProfile.QUITTING)
                .containsAnyOf("before answering initialize", "could not send initialize")
                .contains("exited with status 3")
                .contains("not today");
        await().atMost(WAIT).until(() -> state(StdioUpstreamsProfile.WORKING).available());
    }
}
