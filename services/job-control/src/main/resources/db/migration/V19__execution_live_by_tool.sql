-- The live executions of one upstream's tools (names "<namespace>.<tool>"), counted on every submission of one of them
-- against the upstream's maxConcurrency: only non-terminal rows are indexed, by name with prefix matching.
create index execution_live_by_tool_idx on execution (tool_name text_pattern_ops)
    where state in ('queued', 'working', 'input_required');
