-- Issue 5: deadlines, retention and payload encryption.
-- input/result now hold AES-256-GCM sealed values (job-control's PayloadCipher, format version 1); purging an
-- execution whose receipt must outlive it clears the input, so the column becomes nullable.
alter table execution alter column input drop not null;

-- copied from the catalog at submission: decides whether the receipt outlives retention
alter table execution add column mutating boolean not null default false;

-- set when the retention sweeper removed the payloads but kept the row for its receipt
alter table execution add column purged_at timestamptz;

drop index execution_retention_expires_at_idx;
create index execution_retention_due_idx on execution (retention_expires_at) where purged_at is null;
create index execution_deadline_due_idx on execution (deadline_at)
    where state in ('queued', 'working', 'input_required');
