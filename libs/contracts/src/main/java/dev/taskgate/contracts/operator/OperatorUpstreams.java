package dev.taskgate.contracts.operator;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;

import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;

/**
 * The upstream MCP servers an operator's project may use, with the state of each as discovery last saw it
 * ({@code GET …/operator/upstreams}, docs/gateway.md "Operating upstreams").
 *
 * @param items one per upstream, in the order of the upstreams file
 */
public record OperatorUpstreams(@JsonProperty("items") List<UpstreamState> items) {

    public OperatorUpstreams {
        items = List.copyOf(items == null ? List.of() : items);
    }
}
