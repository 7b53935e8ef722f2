-- The payload bytes each project retains, for admission's retained-payload bound (docs/job-control.md "Admission").
-- Summing payload_bytes over a project's unpurged executions at every bounded submission cost time in proportion to
-- everything the project retains (0.9 ms per submission with a few thousand rows, under the organization's admission
-- lock); here PostgreSQL keeps the sum itself, through every insert, result write, re-seal, purge and delete, so no
-- code path can forget it, and admission reads a few rows. The sum of a project is spread over shards, one per
-- writing connection (backend pid modulo 16), so that transactions writing the same project at once seldom wait for
-- each other's row lock: admission adds the shards up.
create table project_retained_bytes (
    org_id     text     not null,
    project_id text     not null,
    shard      smallint not null check (shard >= 0 and shard < 16),
    bytes      bigint   not null,
    primary key (org_id, project_id, shard)
);

-- the services' connections do not have jobctl on their search path (their SQL names the schema): the function keeps
-- the migration's
create function execution_retained_bytes_changed() returns trigger
    language plpgsql
    set search_path from current
as $$
declare
    -- an execution's payload counts while it is not purged; payload_bytes is generated, current in an AFTER trigger
    counted_before bigint := case when tg_op <> 'INSERT' and old.purged_at is null then old.payload_bytes else 0 end;
    counted_after  bigint := case when tg_op <> 'DELETE' and new.purged_at is null then new.payload_bytes else 0 end;
    writer_shard   smallint := pg_backend_pid() % 16;
begin
    -- within one project a change is one delta (a result written: + its bytes; a purge: - all of them)
    if tg_op = 'UPDATE' and old.org_id = new.org_id and old.project_id = new.project_id then
        counted_after := counted_after - counted_before;
        counted_before := 0;
    end if;
    if counted_before <> 0 then
        insert into project_retained_bytes as p (org_id, project_id, shard, bytes)
        values (old.org_id, old.project_id, writer_shard, -counted_before)
        on conflict (org_id, project_id, shard) do update set bytes = p.bytes + excluded.bytes;
    end if;
    if counted_after <> 0 then
        insert into project_retained_bytes as p (org_id, project_id, shard, bytes)
        values (new.org_id, new.project_id, writer_shard, counted_after)
        on conflict (org_id, project_id, shard) do update set bytes = p.bytes + excluded.bytes;
    end if;
    return null;
end
$$;

-- only statements that can change what is counted: a state change alone does not fire it
create trigger execution_retained_bytes
    after insert or delete or update of input, result, purged_at, org_id, project_id on execution
    for each row execute function execution_retained_bytes_changed();

insert into project_retained_bytes (org_id, project_id, shard, bytes)
select org_id, project_id, 0, sum(payload_bytes)
from execution
where purged_at is null
group by org_id, project_id;
