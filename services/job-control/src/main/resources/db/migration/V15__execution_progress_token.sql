-- Issue 4: the MCP progressToken a 2025-11-25 task was created with (tasks §9: it stays valid for the task's whole
-- lifetime), as JSON text so a string and an integer token stay distinct. Any frontend replica reads it to report
-- the task's progress on a tasks/result stream. Null for every other execution.
alter table execution add column progress_token text;
