-- Issue 5: admission control. job-control counts, inside the submission transaction, what each bound limits:
-- non-terminal executions per principal, project and organization, queued executions per project, and the
-- payload bytes a project still retains. The indexes keep those reads small: the non-terminal ones hold only live
-- executions (at most as many as the concurrency bounds admit), the retained one only unpurged rows.

-- bytes stored for the execution's payloads (sealed input + sealed result); PostgreSQL keeps it current through
-- every insert, result write and purge, so no code path can forget to update it
alter table execution add column payload_bytes bigint
    generated always as (coalesce(octet_length(input), 0) + coalesce(octet_length(result), 0)) stored;

create index execution_live_by_project_idx on execution (org_id, project_id, state)
    where state in ('queued', 'working', 'input_required');
create index execution_live_by_principal_idx on execution (principal)
    where state in ('queued', 'working', 'input_required');
create index execution_retained_by_project_idx on execution (org_id, project_id, retention_expires_at)
    include (payload_bytes) where purged_at is null;
