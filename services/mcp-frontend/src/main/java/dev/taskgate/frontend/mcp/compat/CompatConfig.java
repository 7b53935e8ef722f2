package dev.taskgate.frontend.mcp.compat;

import java.util.Map;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The compatibility tools and the handoff policy ({@code docs/mcp-frontend.md}, "Compatibility tools and handoff"). */
@ConfigMapping(prefix = "taskgate.frontend.compat")
public interface CompatConfig {
    /**
     * Whether the compatibility tools ({@code execution_*}, {@code job_*}) are on. Off, {@code tools/list} leaves
     * them out, a call of one is the unknown-tool error, and no call hands off (there would be no tool to follow the
     * handle with). Independent of job-control's admission bounds. Default on.
     */
    @WithDefault("true")
    boolean enabled();

    /**
     * Handoff policy per tool name, overriding the catalog's {@code handoff}: {@code block} or
     * {@code handoff_after=<n>ms|s|m}. Keys with dots are quoted:
     * {@code taskgate.frontend.compat.handoff."demo.sleep"=block}. A key that names no registered tool, or a value
     * in another form, stops the service.
     */
    Map<String, String> handoff();
}
