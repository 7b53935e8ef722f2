-- Issue 6: worker liveness and owner loss.

-- One row per worker-pool instance job-control has heard from: its last heartbeat (or Started report) and, when
-- it announced a clean shutdown, when it left. Every job-control instance writes it (each reads every heartbeat),
-- so the newest time wins.
create table worker_instance (
    worker_id    text        primary key,
    last_seen_at timestamptz not null,
    left_at      timestamptz
);

-- the worker instance that reported Started for the current epoch; cleared when a replacement is dispatched
alter table execution add column owner_worker_id text;

-- how many replacement dispatches owner loss has made (at most two), and the frontier the latest one started
-- from: 'start' until checkpoints exist, so a checkpoint-less execution is replaced at most once
alter table execution add column replacements int not null default 0 check (replacements >= 0);
alter table execution add column replaced_from_frontier text;

create index execution_owner_running_idx on execution (owner_worker_id)
    where state in ('working', 'input_required');
