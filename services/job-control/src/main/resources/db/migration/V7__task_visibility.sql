-- Issue 5: MCP task TTL. When an MCP task stops being visible to its owner (created_at + the negotiated TTL, renewed
-- by a same-key same-request replay, never past retention_expires_at). Null for REST executions, which stay visible
-- until retention. Reads compare it with the clock, so no sweeper and no index are needed: the retention sweeper
-- still purges every execution by retention_expires_at.
alter table execution add column visible_until timestamptz;

-- Issue 5: operator audit retention. The audit sweeper deletes rows older than jobctl.audit.retention in bounded
-- batches, oldest first; this index finds them without scanning the table.
create index operator_audit_occurred_at_idx on operator_audit (occurred_at);
