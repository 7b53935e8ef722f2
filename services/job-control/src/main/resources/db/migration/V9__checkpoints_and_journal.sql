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

-- The transaction journal of rewrites: the plan a mutating operation asked to commit (CommitRequested), bound
-- EXACTLY ONCE per execution (primary key) under the epoch that asked; a second request, for the same or another
-- plan, is refused. plan holds the JournalEntry JSON (plan hash, summary, per-file pre-/post-image hashes), sealed
-- like every payload (kind checkpoint). After an owner loss past the grant, the outcome is reconstructed from it.
create table transaction_journal (
    execution_id       uuid        primary key references execution (id) on delete cascade,
    epoch              bigint      not null check (epoch >= 1),
    request_message_id uuid        not null,
    plan_hash          text        not null check (plan_hash ~ '^sha256:[0-9a-f]{64}$'),
    plan               bytea       not null,
    bound_at           timestamptz not null
);

-- Intermediate frontiers: the latest CheckpointSaved of a running read-only execution (a higher sequence replaces a
-- lower one; sequences continue across epochs). mac is job-control's HMAC (checkpoint key) over execution id,
-- sequence, revision and frontier; frontier is sealed (kind checkpoint). A replacement receives it in
-- RunOperation.checkpoint; owner-loss decisions use 'checkpoint-<sequence>' as the frontier.
create table frontier_checkpoint (
    execution_id uuid        primary key references execution (id) on delete cascade,
    epoch        bigint      not null check (epoch >= 1),
    sequence     bigint      not null check (sequence >= 1),
    revision     text        not null,
    frontier     bytea       not null,
    mac          text        not null,
    saved_at     timestamptz not null
);
