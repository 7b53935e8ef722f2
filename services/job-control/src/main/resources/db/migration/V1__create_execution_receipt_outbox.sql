-- job-control's own schema (design.md "job-control"). Payloads are bytea holding the exact bytes:
-- jsonb would normalise them (key order, whitespace, number spelling).

create table execution (
    id                   uuid primary key,
    principal            text        not null,
    workspace            text        not null,  -- "<org>/<project>", the scope receipts and ownership use
    org_id               text        not null,
    project_id           text        not null,
    surface              text        not null check (surface in ('rest', 'mcp-2025', 'mcp-2026')),
    tool_name            text        not null,
    tool_version         text        not null,
    state                text        not null
        check (state in ('queued', 'working', 'input_required', 'completed', 'failed', 'cancelled')),
    epoch                bigint      not null check (epoch >= 1),
    attempt              int         not null check (attempt >= 1),
    input                bytea       not null,
    result               bytea,
    error_code           text,
    error_message        text,
    status_message       text,
    progress             double precision,
    total                double precision,
    cancel_requested_at  timestamptz,
    created_at           timestamptz not null,
    updated_at           timestamptz not null,
    deadline_at          timestamptz not null,
    retention_expires_at timestamptz not null
);

create index execution_retention_expires_at_idx on execution (retention_expires_at);

create table receipt (
    principal    text        not null,
    workspace    text        not null,
    receipt_key  text        not null,
    fingerprint  bytea       not null,  -- SHA-256 of the canonical {tool, toolVersion, input}
    tool_name    text        not null,
    tool_version text        not null,
    -- deferred: the receipt is inserted first (it decides who creates the execution), the execution after it
    execution_id uuid        not null references execution (id) on delete cascade deferrable initially deferred,
    created_at   timestamptz not null,
    primary key (principal, workspace, receipt_key)
);

create index receipt_execution_id_idx on receipt (execution_id);

create table outbox (
    id           bigserial primary key,
    topic        text        not null,
    record_key   text        not null,
    message_id   uuid        not null unique,
    message_type text        not null,
    payload      bytea       not null,
    created_at   timestamptz not null
);
