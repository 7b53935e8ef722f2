package dev.taskgate.frontend.mcp.compat;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.catalog.OperationCatalog;

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
        HandoffPolicies fromCatalog = new HandoffPolicies(Map.of(), catalog);
        assertThat(fromCatalog.of("demo.sleep").after()).contains(Duration.ofSeconds(10));
        assertThat(fromCatalog.of("demo.echo").blocks()).isTrue();

        HandoffPolicies configured =
                new HandoffPolicies(Map.of("demo.sleep", "block", "demo.echo", "handoff_after=1s"), catalog);
        assertThat(configured.of("demo.sleep").blocks()).isTrue();
        assertThat(configured.of("demo.echo").after()).contains(Duration.ofSeconds(1));
    }

    @Test
    void withTheCompatibilityToolsOffEveryToolBlocksButTheConfigurationIsStillChecked() {
        OperationCatalog catalog = OperationCatalog.load();
        HandoffPolicies off = new HandoffPolicies(Map.of("demo.echo", "handoff_after=1s"), catalog, false);

        assertThat(off.of("demo.sleep").blocks()).isTrue();
        assertThat(off.of("demo.echo").blocks()).isTrue();
        assertThatThrownBy(() -> new HandoffPolicies(Map.of("demo.nope", "block"), catalog, false))
                .hasMessageContaining("demo.nope");
    }

    @Test
    void aPolicyForAnUnknownToolOrInAnotherFormStopsTheService() {
        OperationCatalog catalog = OperationCatalog.load();
        assertThatThrownBy(() -> new HandoffPolicies(Map.of("demo.nope", "block"), catalog))
                .hasMessageContaining("demo.nope");
        assertThatThrownBy(() -> new HandoffPolicies(Map.of("demo.echo", "after 5s"), catalog))
                .hasMessageContaining("demo.echo");
    }
}
