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

    /**
     * The handoff policy of every tool that has none of its own (neither configured here, nor in its catalog entry,
     * nor in the operator's policy of an upstream tool): {@code block} (wait up to the synchronous call timeout, then
     * answer the handle) or {@code handoff_after=<n>ms|s|m}. Another form stops the service.
     */
    @WithDefault("block")
    String defaultHandoff();
}
