-- Issue 3 item 4: input requests of running operations (elicitation). One row per request; the public
-- request_key is minted by job-control (unguessable, never reused), child_key is the operation's own key, which
-- only the worker sees. request and response are AES-256-GCM sealed (PayloadCipher, kinds input-request and
-- input-response). A row is outstanding while response is null and its epoch is the execution's current one.
create table input_request (
    request_key  text        primary key,
    seq          bigserial   not null,  -- the order the operation asked in, which is the order shown
    execution_id uuid        not null references execution (id) on delete cascade,
    epoch        bigint      not null check (epoch >= 1),
    child_key    text        not null,
    request      bytea       not null,
    response     bytea,
    created_at   timestamptz not null,
    answered_at  timestamptz,
    -- a redelivered InputRequested inserts nothing
    unique (execution_id, epoch, child_key)
);

create index input_request_outstanding_idx on input_request (execution_id, epoch) where response is null;
