-- Issue 4 (logging): the minimum level of log messages a 2025-era session asked for with logging/setLevel; null
-- until it asks, and then it receives none. Kept with the session so that every frontend replica honours it.
alter table mcp_session add column log_level text
    check (log_level in ('debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'));
