-- Issue 20: the dead-lettered records an operator replayed, so a second replay of one is refused unless forced.
create table dead_letter_replay (
    topic             text        not null,  -- the dead-letter topic (full name)
    record_partition  integer     not null,
    record_offset     bigint      not null,
    replays           integer     not null check (replays > 0),
    first_replayed_at timestamptz not null,
    last_replayed_at  timestamptz not null,
    last_replayed_by  text        not null,  -- Caller.principal() of the operator
    primary key (topic, record_partition, record_offset)
);
