package dev.taskgate.contracts.catalog;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The upstream tools of the catalog: replaced whole, after Taskgate's own operations, never over one of them. */
class UpstreamCatalogTest {

    @Test
    void upstreamToolsFollowTheOwnOperationsAndAreReplacedWholeWhenTheRevisionChanges() {
        OperationCatalog catalog = OperationCatalog.load();
        int own = catalog.all().size();
        AtomicInteger changes = new AtomicInteger();
        catalog.onUpstreamChange(changes::incrementAndGet);

        assertThat(catalog.replaceUpstreamTools(tools("r1", tool("cnt.echo"), tool("cnt.slow"))))
                .isTrue();
        assertThat(catalog.all()).hasSize(own + 2);
        assertThat(catalog.all().subList(own, own + 2))
                .extracting(OperationSpec::name)
                .containsExactly("cnt.echo", "cnt.slow");
        assertThat(catalog.own()).hasSize(own);
        assertThat(catalog.find("cnt.echo"))
                .get()
                .extracting(OperationSpec::isUpstream)
                .isEqualTo(true);
        assertThat(catalog.find("demo.echo"))
                .get()
                .extracting(OperationSpec::isUpstream)
                .isEqualTo(false);

        assertThat(catalog.replaceUpstreamTools(tools("r1", tool("cnt.other"))))
                .as("the same revision is the same contents")
                .isFalse();
        assertThat(catalog.replaceUpstreamTools(tools("r2", tool("cnt.echo")))).isTrue();
        assertThat(catalog.find("cnt.slow")).isEmpty();
        assertThat(catalog.all()).hasSize(own + 1);
        assertThat(changes).hasValue(2);
    }

    @Test
    void anUpstreamToolNeverTakesTheNameOfAnOwnOperation() {
        OperationCatalog catalog = OperationCatalog.load();
        assertThatThrownBy(() -> catalog.replaceUpstreamTools(tools("r1", tool("demo.echo"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("demo.echo");
        assertThat(catalog.upstreamTools()).isEqualTo(UpstreamTools.NONE);
    }

    @Test
    void upstreamToolsTravelAsJsonWithTheirBindingAndOwnEntriesDoNotGainOne() {
        UpstreamTools sent = tools("r9", tool("cnt.echo"));
        UpstreamTools received = Wire.fromBytes(Wire.toBytes(sent), UpstreamTools.class);
        assertThat(received).isEqualTo(sent);
        assertThat(received.tools().get(0).upstream().admits("acme/demo")).isTrue();
        assertThat(received.tools().get(0).upstream().admits("other/demo")).isFalse();
        assertThat(Wire.mapper()
                        .valueToTree(OperationCatalog.load().find("demo.echo").orElseThrow())
                        .has("upstream"))
                .isFalse();
    }

    @Test
    void everyUpstreamToolNeedsItsBinding() {
        OperationSpec own = OperationCatalog.load().find("demo.echo").orElseThrow();
        assertThatThrownBy(() -> new UpstreamTools("r", List.of(own), List.of()))
                .hasMessageContaining("demo.echo has no upstream binding");
    }

    private static UpstreamTools tools(String revision, OperationSpec... tools) {
        return new UpstreamTools(
                revision,
                List.of(tools),
                List.of(new UpstreamState("counting", "cnt", true, null, tools.length, List.of("acme/*"))));
    }

    private static OperationSpec tool(String name) {
        return OperationSpec.ofUpstream(
                name,
                "upstream-1",
                "an upstream tool",
                true,
                new UpstreamBinding("counting", name.substring(name.indexOf('.') + 1), null, List.of("acme/*")));
    }
}
