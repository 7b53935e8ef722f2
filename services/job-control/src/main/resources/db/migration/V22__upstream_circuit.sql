-- Issue 17: the circuit breaker of each upstream, shared by the job-control replicas (docs/gateway.md "Circuit
-- breaker"): how many calls in a row could not reach it, whichever replica applied their reports, and since when it
-- is open. Written in the transaction of the report that changes it; an upstream without a row is closed, with no
-- failure counted.
create table upstream_circuit (
    upstream_id          text        primary key,
    unreachable_in_a_row integer     not null check (unreachable_in_a_row >= 0),
    opened_at            timestamptz,             -- null while closed
    reason               text,                    -- why it opened, shown as the upstream's problem; null while closed
    updated_at           timestamptz not null,
    constraint upstream_circuit_open_check check ((opened_at is null) = (reason is null))
);
