package dev.taskgate.frontend.mcp.compat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.catalog.UpstreamBinding;
import dev.taskgate.contracts.catalog.UpstreamTools;
import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HandoffPolicyTest {

    @Test
    void parsesBlockAndDurations() {
        assertThat(HandoffPolicy.parse(null).blocks()).isTrue();
        assertThat(HandoffPolicy.parse("block")).isEqualTo(HandoffPolicy.BLOCK);
        assertThat(HandoffPolicy.parse("handoff_after=250ms").after()).contains(Duration.ofMillis(250));
        assertThat(HandoffPolicy.parse("handoff_after=10s").after()).contains(Duration.ofSeconds(10));
        assertThat(HandoffPolicy.parse("handoff_after=2m").after()).contains(Duration.ofMinutes(2));
    }

    @Test
    void rejectsAnythingElse() {
        for (String bad : new String[] {
            "",
            "Block",
            "handoff_after=",
            "handoff_after=0s",
            "handoff_after=10",
            "handoff_after=10h",
            "handoff_after=-1s",
            "handoff_after= 1s",
            "handoff_after=PT10S"
        }) {
            assertThatThrownBy(() -> HandoffPolicy.parse(bad))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("handoff_after=<n>ms|s|m");
        }
    }

    @Test
    void theCatalogGivesDemoSleepAHandoffAndConfigurationOverridesIt() {
        OperationCatalog catalog = OperationCatalog.load();
        HandoffPolicies fromCatalog = new HandoffPolicies(Map.of(), "block", catalog);
        assertThat(fromCatalog.of("demo.sleep").after()).contains(Duration.ofSeconds(10));
        assertThat(fromCatalog.of("demo.echo").blocks()).isTrue();

        HandoffPolicies configured =
                new HandoffPolicies(Map.of("demo.sleep", "block", "demo.echo", "handoff_after=1s"), "block", catalog);
        assertThat(configured.of("demo.sleep").blocks()).isTrue();
        assertThat(configured.of("demo.echo").after()).contains(Duration.ofSeconds(1));
    }

    @Test
    void withTheCompatibilityToolsOffEveryToolBlocksButTheConfigurationIsStillChecked() {
        OperationCatalog catalog = OperationCatalog.load();
        HandoffPolicies off =
                new HandoffPolicies(Map.of("demo.echo", "handoff_after=1s"), "handoff_after=2s", catalog, false);

        assertThat(off.of("demo.sleep").blocks()).isTrue();
        assertThat(off.of("demo.echo").blocks()).isTrue();
        assertThatThrownBy(() -> new HandoffPolicies(Map.of("demo.nope", "block"), "block", catalog, false))
                .hasMessageContaining("demo.nope");
    }

    @Test
    void aPolicyForAnUnknownToolOrInAnotherFormStopsTheService() {
        OperationCatalog catalog = OperationCatalog.load();
        assertThatThrownBy(() -> new HandoffPolicies(Map.of("demo.nope", "block"), "block", catalog))
                .hasMessageContaining("demo.nope");
        assertThatThrownBy(() -> new HandoffPolicies(Map.of("demo.echo", "after 5s"), "block", catalog))
                .hasMessageContaining("demo.echo");
    }

    @Test
    void aToolWithoutAPolicyOfItsOwnGetsTheDefault() {
        OperationCatalog catalog = OperationCatalog.load();
        HandoffPolicies policies = new HandoffPolicies(Map.of("demo.fail", "block"), "handoff_after=3s", catalog);

        assertThat(policies.of("demo.echo").after()).contains(Duration.ofSeconds(3));
        assertThat(policies.of("demo.sleep").after()).as("the catalog's").contains(Duration.ofSeconds(10));
        assertThat(policies.of("demo.fail").blocks()).as("configured").isTrue();
    }

    @Test
    void anUpstreamToolTakesTheOperatorsPolicyElseTheDefault() {
        OperationCatalog catalog = OperationCatalog.load();
        HandoffPolicies policies = new HandoffPolicies(Map.of(), "handoff_after=250ms", catalog);
        catalog.replaceUpstreamTools(new UpstreamTools(
                "r-1",
                List.of(upstreamTool("up.slow", "handoff_after=2s"), upstreamTool("up.plain", null)),
                List.of(new UpstreamState("up", "up", true, null, 2, List.of("*")))));

        assertThat(policies.of("up.slow").after()).contains(Duration.ofSeconds(2));
        assertThat(policies.of("up.plain").after()).contains(Duration.ofMillis(250));
    }

    @Test
    void aDefaultInAnotherFormStopsTheServiceNamingTheKey() {
        OperationCatalog catalog = OperationCatalog.load();
        assertThatThrownBy(() -> new HandoffPolicies(Map.of(), "handoff_after=0s", catalog))
                .hasMessageContaining("taskgate.frontend.compat.default-handoff");
        assertThatThrownBy(() -> new HandoffPolicies(Map.of(), "soon", catalog))
                .hasMessageContaining("taskgate.frontend.compat.default-handoff")
                .hasMessageContaining("handoff_after=<n>ms|s|m");
    }

    private static OperationSpec upstreamTool(String name, String handoff) {
        return new OperationSpec(
                name,
                "upstream-1",
                null,
                null,
                false,
                null,
                JsonNodeFactory.instance.objectNode().put("type", "object"),
                Boolean.TRUE,
                null,
                handoff,
                null,
                Boolean.FALSE,
                new UpstreamBinding("up", name.substring(name.indexOf('.') + 1), null, List.of("*")));
    }
}
