package dev.taskgate.frontend.mcp;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.mcp.compat.CompatConfig;

/**
 * Which MCP surfaces this frontend offers (issue 20 item 9; {@code docs/mcp-frontend.md}, "Switching surfaces
 * off"): the native task surface ({@code taskgate.frontend.mcp.tasks-enabled}: the 2026-07-28 tasks extension and the
 * 2025-11-25 tasks capability) and the compatibility tools ({@code taskgate.frontend.compat.enabled}). A surface
 * that is off is neither advertised nor served. Admission bounds are job-control's and independent of these.
 */
@Singleton
public class SurfaceSwitches {
    private final boolean nativeTasks;
    private final boolean compatibilityTools;

    @Inject
    SurfaceSwitches(FrontendConfig config, CompatConfig compat) {
        this(config.mcp().tasksEnabled(), compat.enabled());
    }

    /** Switches with these values. */
    public SurfaceSwitches(boolean nativeTasks, boolean compatibilityTools) {
        this.nativeTasks = nativeTasks;
        this.compatibilityTools = compatibilityTools;
    }

    /** Whether the tasks extension (2026-07-28) and the tasks capability (2025-11-25) are offered. */
    public boolean nativeTasks() {
        return nativeTasks;
    }

    /** Whether the compatibility tools are listed and answered. */
    public boolean compatibilityTools() {
        return compatibilityTools;
    }
}
