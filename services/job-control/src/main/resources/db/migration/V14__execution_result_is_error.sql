-- Issue 4: whether a completed execution's stored CallToolResult says isError: true, recorded with the result (the
-- result itself is sealed, so the database cannot derive it). Lets a 2025-era tasks/list tell completed from failed
-- without reading every result; null for results stored before this column.
alter table execution add column result_is_error boolean;
