-- A 2025-era notifications/cancelled that reached a frontend replica before its tools/call was admitted anywhere:
-- while the mark lives, a submission under the same receipt key (derived from session and request id) is refused,
-- so the call never runs. Both sides take the same transaction-scoped advisory lock on the key, which orders a mark
-- and a submission of one key: the later one sees the other.
create table cancel_mark (
    principal   text        not null,
    workspace   text        not null,
    receipt_key text        not null,
    created_at  timestamptz not null,
    expires_at  timestamptz not null,
    primary key (principal, workspace, receipt_key)
);

create index cancel_mark_expires_at_idx on cancel_mark (expires_at);
