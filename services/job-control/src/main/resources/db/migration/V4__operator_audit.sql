-- Issue 5: operator API. Every operator call is recorded here (who, what, when, outcome), including refused ones.
create table operator_audit (
    id           bigserial   primary key,
    occurred_at  timestamptz not null,
    workspace    text        not null,  -- "<org>/<project>" the route names
    principal    text        not null,  -- Caller.principal() of the operator
    action       text        not null,  -- list | get | payload | cancel | audit.list
    route        text        not null,  -- HTTP method and path as called
    target       text,                  -- the handle as presented (at most 256 characters)
    execution_id uuid,                  -- set only when the handle verified; never shown through the API
    outcome      text        not null
);

create index operator_audit_workspace_idx on operator_audit (workspace, id desc);

-- the operator list: a project's executions, newest first
create index execution_workspace_created_idx on execution (workspace, created_at desc, id desc);
