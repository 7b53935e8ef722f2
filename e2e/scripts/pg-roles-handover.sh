#!/usr/bin/env bash
# bin/lib/postgres.sh pg_create_db hands a database made by an older version (one role `taskgate` owning the
# database, both schemas and all they hold) over to the services' own roles, keeps its rows, retires the old role,
# and leaves each role unable to use the other's schema or create anything outside its own; run again, it changes
# nothing (docs/security.md "Database roles"). A private cluster on its own port, deleted afterwards.
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
source "$repo/bin/lib/common.sh"
source "$repo/bin/lib/postgres.sh"
# a port below Linux's ephemeral range that nothing listens on (free_port, bin/lib/common.sh; a fixed 55494 once
# collided with an outgoing connection)
port=${TASKGATE_HANDOVER_PG_PORT:-$(free_port 21494 21593)} || { echo "no free port in 21494-21593" >&2; exit 1; }
work=$(mktemp -d /tmp/taskgate-handover-XXXXXX)
chmod 755 "$work"
cluster="$work/handover/pg"
cleanup() {
  pg_delete "$cluster"
  rm -rf "$work"
}
trap cleanup EXIT
failed=0
fail() { echo "FAILED: $*" >&2; failed=1; }

pg_ensure_installed
pg_start "$cluster" "$port" off
admin=("$PG_BIN/psql" -X -q -h 127.0.0.1 -p "$port" -U postgres -v ON_ERROR_STOP=1)
as_role() { PGPASSWORD=$2 "$PG_BIN/psql" -X -q -h 127.0.0.1 -p "$port" -U "$1" -d taskgate -tA -v ON_ERROR_STOP=1 -c "$3" 2>&1; }

# the database as the older version made it, with rows in both schemas and an object outside them
"${admin[@]}" -d postgres -c "create role taskgate login password 'taskgate'" -c "create database taskgate owner taskgate" \
  || { echo "cannot create the old database" >&2; exit 1; }
"${admin[@]}" -d taskgate <<'SQL' || { echo "cannot fill the old database" >&2; exit 1; }
set role taskgate;
create schema jobctl;
create table jobctl.execution (id bigserial primary key, state text not null);
create sequence jobctl.free_counter;
create view jobctl.running as select id from jobctl.execution where state = 'running';
insert into jobctl.execution (state) values ('running'), ('completed');
create schema webhooks;
create table webhooks.subscription (id int generated always as identity primary key, url text);
insert into webhooks.subscription (url) values ('https://example.org/hook');
SQL

for run in first second; do
  pg_create_db "$port" taskgate jobctl-secret webhooks-secret || fail "pg_create_db failed ($run run)"
  owners=$("${admin[@]}" -d taskgate -tA -c "
    select string_agg(n.nspname || '.' || c.relname || '=' || pg_get_userbyid(c.relowner), ' '
                      order by n.nspname, c.relname)
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('jobctl', 'webhooks')
    union all
    select string_agg(nspname || '=' || pg_get_userbyid(nspowner), ' ' order by nspname)
      from pg_namespace where nspname in ('jobctl', 'webhooks')
    union all
    select pg_get_userbyid(datdba) from pg_database where datname = 'taskgate'")
  want="jobctl.execution=taskgate_jobctl jobctl.execution_id_seq=taskgate_jobctl jobctl.execution_pkey=taskgate_jobctl jobctl.free_counter=taskgate_jobctl jobctl.running=taskgate_jobctl webhooks.subscription=taskgate_webhooks webhooks.subscription_id_seq=taskgate_webhooks webhooks.subscription_pkey=taskgate_webhooks
jobctl=taskgate_jobctl webhooks=taskgate_webhooks
postgres"
  [ "$owners" = "$want" ] || fail "owners after the $run run: $owners"
  [ "$(as_role taskgate_jobctl jobctl-secret "select count(*) from jobctl.running")" = 1 ] \
    || fail "job-control's role cannot read its rows ($run run)"
  [ "$(as_role taskgate_jobctl jobctl-secret "select nextval('jobctl.free_counter')")" -ge 1 ] 2>/dev/null \
    || fail "job-control's role cannot use its sequence ($run run)"
  [ "$(as_role taskgate_webhooks webhooks-secret "insert into webhooks.subscription (url) values ('x') returning 1")" = 1 ] \
    || fail "webhook-dispatcher's role cannot write its rows ($run run)"
  out=$(as_role taskgate_webhooks webhooks-secret "select count(*) from jobctl.execution")
  grep -q "permission denied for schema jobctl" <<< "$out" || fail "webhook-dispatcher's role read jobctl: $out"
  out=$(as_role taskgate_jobctl jobctl-secret "select count(*) from webhooks.subscription")
  grep -q "permission denied for schema webhooks" <<< "$out" || fail "job-control's role read webhooks: $out"
  for role in "taskgate_jobctl jobctl-secret" "taskgate_webhooks webhooks-secret"; do
    set -- $role
    out=$(as_role "$1" "$2" "create table public.stray (id int)")
    grep -q "permission denied for schema public" <<< "$out" || fail "$1 created in public: $out"
    out=$(as_role "$1" "$2" "create schema stray")
    grep -q "permission denied for database" <<< "$out" || fail "$1 created a schema: $out"
  done
  out=$(as_role taskgate_jobctl wrong "select 1")
  grep -q "password authentication failed" <<< "$out" || fail "a wrong password was accepted: $out"
  [ -z "$("${admin[@]}" -d postgres -tA -c "select rolname from pg_roles where rolname = 'taskgate'")" ] \
    || fail "the old role taskgate is still there after the $run run"
done
exit "$failed"
