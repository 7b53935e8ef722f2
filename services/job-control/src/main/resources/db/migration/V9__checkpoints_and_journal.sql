-- Issue 6 items 2-3: checkpoints and the transaction journal.

-- The result checkpoint: the exact CallToolResult an operation staged before terminal publication, AES-256-GCM
-- sealed (PayloadCipher, kind checkpoint, execution id as associated data). At most one per (execution, epoch): a
-- redelivered ResultStaged inserts nothing. Owner-loss settlement of that epoch publishes it instead of re-running.
-- Rows are removed with the execution's other payloads when its retention ends.
create table result_checkpoint (
    execution_id uuid        not null references execution (id) on delete cascade,
    epoch        bigint      not null check (epoch >= 1),
    result       bytea       not null,
    staged_at    timestamptz not null,
    primary key (execution_id, epoch)
);
