-- One row per settlement of a lost owner (the sweeper's owner loss, or a worker's report that the child running the
-- execution died): when it was detected, why, and what became of the execution. The operator view shows them, so an
-- execution that ran more than once says so. V17 is left to the upstream registry.
create table execution_recovery (
    execution_id uuid        not null references execution (id) on delete cascade,
    lost_epoch   bigint      not null,
    lost_attempt integer     not null,
    detected_at  timestamptz not null,
    cause        text        not null check (cause in ('owner-lost', 'child-died')),
    outcome      text        not null check (outcome in ('replaced', 'reconciled', 'failed', 'cancelled', 'completed')),
    primary key (execution_id, lost_epoch)
);
