package dev.taskgate.frontend.mcp.compat;

import java.util.Map;

import io.smallrye.config.ConfigMapping;

/** The compatibility tools and the handoff policy ({@code docs/mcp-frontend.md}, "Compatibility tools and handoff"). */
@ConfigMapping(prefix = "taskgate.frontend.compat")
public interface CompatConfig {
    /**
     * Handoff policy per tool name, overriding the catalog's {@code handoff}: {@code block} or
     * {@code handoff_after=<n>ms|s|m}. Keys with dots are quoted:
     * {@code taskgate.frontend.compat.handoff."demo.sleep"=block}. A key that names no registered tool, or a value
     * in another form, stops the service.
     */
    Map<String, String> handoff();
}
