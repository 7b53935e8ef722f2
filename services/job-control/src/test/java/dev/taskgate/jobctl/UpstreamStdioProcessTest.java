package dev.taskgate.jobctl;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import jakarta.inject.Inject;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.UpstreamTools;
import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamFeatureAnswer;
import dev.taskgate.contracts.upstream.UpstreamFeatureRequest;
import dev.taskgate.jobctl.upstream.RegisteredUpstreams;
import dev.taskgate.jobctl.upstream.UpstreamDiscovery;
import dev.taskgate.jobctl.upstream.UpstreamFeatures;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * job-control keeps one process per stdio upstream ({@link StdioUpstreamsProfile}'s StdioCountingUpstream, refreshed
 * once an hour): listings and federated reads share it (one {@code initialize}, one process), its announcement of a
 * changed tool list is heard on its output and lists it at once, and a process that is killed leaves its upstream
 * unavailable with the reason until a new one, started after a pause, has listed it again. The processes are found as
 * children of this JVM (job-control runs in it), by the fixture's counts file on their command line.
 */
@QuarkusTest
@TestProfile(StdioUpstreamsProfile.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class UpstreamStdioProcessTest {

    @Inject
    UpstreamDiscovery discovery;

    @Inject
    UpstreamFeatures features;

    @Inject
    RegisteredUpstreams registered;

    private static Path directory() {
        return Path.of(ConfigProvider.getConfig().getValue("jobctl.upstreams.file", String.class))
                .getParent();
    }

    private static List<String> counted() throws IOException {
        Path counts = directory().resolve(StdioUpstreamsProfile.COUNTS_FILE);
        return Files.exists(counts) ? Files.readAllLines(counts, StandardCharsets.UTF_8) : List.of();
    }

    private static long initializes() throws IOException {
        return counted().stream().filter("initialize"::equals).count();
    }

    /** The running processes of the working upstream: children of this JVM naming its counts file. */
    private static List<ProcessHandle> processes() {
        String counts = directory().resolve(StdioUpstreamsProfile.COUNTS_FILE).toString();
        return ProcessHandle.current()
                .children()
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info()
                        .arguments()
                        .map(args -> List.of(args).contains(counts))
                        .orElse(false))
                .toList();
    }

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

    private static Optional<UpstreamState> state() {
        return catalog().upstreams().stream()
                .filter(s -> s.id().equals(StdioUpstreamsProfile.WORKING))
                .findFirst();
    }

    private UpstreamDefinition working() {
        return registered.all().stream()
                .filter(u -> u.id().equals(StdioUpstreamsProfile.WORKING))
                .findFirst()
                .orElseThrow();
    }

    private void awaitAvailableWithOneProcess() {
        await().atMost(WAIT)
                .until(() -> state().map(UpstreamState::available).orElse(false)
                        && processes().size() == 1);
    }

    @Test
    @Order(1)
    void listingsAndAFederatedReadShareOneInitializedProcess() throws IOException {
        awaitAvailableWithOneProcess();
        long initialized = initializes();
        long pid = processes().get(0).pid();

        assertThat(discovery.refresh(working()).available()).isTrue();
        assertThat(discovery.refresh(working()).available()).isTrue();
        UpstreamFeatureAnswer read = features.serve(
                "org-stdio/team",
                new UpstreamFeatureRequest("resources/list", Wire.mapper().createObjectNode()));
        assertThat(read.failure()).isNull();
        assertThat(counted()).contains("resources/list");

        assertThat(initializes()).isEqualTo(initialized);
        assertThat(processes()).extracting(ProcessHandle::pid).containsExactly(pid);
    }

    @Test
    @Order(2)
    void anAnnouncedToolAppearsWithoutWaitingForTheSchedule() throws IOException {
        awaitAvailableWithOneProcess();
        long initialized = initializes();
        assertThat(catalog().byName()).doesNotContainKey("stdio_counting.announced");

        Files.writeString(directory().resolve(StdioUpstreamsProfile.ANNOUNCE_FILE), "now");

        await().atMost(WAIT).until(() -> catalog().byName().containsKey("stdio_counting.announced"));
        assertThat(counted()).contains("announced");
        assertThat(initializes()).isEqualTo(initialized);
    }

    @Test
    @Order(3)
    void aKilledProcessLeavesTheUpstreamUnavailableWithTheReasonUntilANewOneListedIt() throws IOException {
        awaitAvailableWithOneProcess();
        long initialized = initializes();
        ProcessHandle killed = processes().get(0);

        assertThat(killed.destroyForcibly()).isTrue();

        // the state as the loss left it, read once: the next listing may replace it at any time after the pause
        UpstreamState down = await().atMost(WAIT)
                .until(
                        () -> state().filter(s -> !s.available()
                                && s.problem() != null
                                && s.problem().contains("ended its output")),
                        Optional::isPresent)
                .orElseThrow();
        assertThat(down.problem())
                .contains("upstream " + StdioUpstreamsProfile.WORKING)
                .contains("exited with status");
        await().atMost(WAIT).until(() -> state().map(UpstreamState::available).orElse(false));
        assertThat(initializes()).isEqualTo(initialized + 1);
        assertThat(processes())
                .extracting(ProcessHandle::pid)
                .doesNotContain(killed.pid())
                .hasSize(1);
        assertThat(catalog().byName()).containsKey("stdio_counting.echo");
    }
}
