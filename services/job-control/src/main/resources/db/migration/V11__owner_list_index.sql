-- The owner list (GET /internal/v1/executions): one principal's visible executions in one workspace, newest first,
-- paged by (created_at, id). Purged rows are never listed, so the index leaves them out.
create index execution_owner_list_idx on execution (principal, workspace, created_at desc, id desc)
    where purged_at is null;
