# A private PostgreSQL 15 cluster owned by the project (never the machine's own clusters).
# shellcheck shell=bash
#
# TASKGATE_PG_BIN: a folder with initdb, pg_ctl, postgres and psql of PostgreSQL 15 to use instead of Debian's
# /usr/lib/postgresql/15/bin (which is installed from Debian's packages when absent, as root).
#
# Where a cluster lives: under the folder the caller names (e.g. .taskgate/stack/pg), except when the scripts run as
# root: the server refuses to run as root, so it runs as the postgres user, which often cannot reach a clone in a
# private home (/root is mode 700). Then the cluster lives in /var/lib/taskgate/pg/<name>-<hash of the folder> and
# the folder holds only a file `home` naming that place. pg_home tells where a cluster lives.

PG_BIN="${TASKGATE_PG_BIN:-/usr/lib/postgresql/15/bin}"
PG_ROOT_HOMES="${TASKGATE_PG_ROOT_HOMES:-/var/lib/taskgate/pg}"

# Checks the binaries of TASKGATE_PG_BIN, or installs PostgreSQL 15 from Debian's packages when its binaries are
# absent. The Debian package would create and start a default cluster on 5432; we tell postgresql-common not to.
pg_ensure_installed() {
  local b
  if [ -n "${TASKGATE_PG_BIN:-}" ]; then
    for b in initdb pg_ctl postgres psql; do
      [ -x "$PG_BIN/$b" ] || die "TASKGATE_PG_BIN=$PG_BIN has no executable $b (PostgreSQL 15's bin folder is needed)"
    done
    return 0
  fi
  [ -x "$PG_BIN/initdb" ] && return 0
  [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null \
    || die "PostgreSQL 15 is not in $PG_BIN: install it (Debian/Ubuntu as root: bin/ scripts do it themselves) or set TASKGATE_PG_BIN"
  log "PostgreSQL 15 not found; installing it from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends postgresql-common >/dev/null
  mkdir -p /etc/postgresql-common
  if ! grep -q '^create_main_cluster *= *false' /etc/postgresql-common/createcluster.conf 2>/dev/null; then
    echo 'create_main_cluster = false' >> /etc/postgresql-common/createcluster.conf
  fi
  apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null
  [ -x "$PG_BIN/initdb" ] || die "PostgreSQL 15 installation failed"
}

pg_as_server() {
  # from / : the server user may not be allowed into the caller's working folder
  if [ "$(id -u)" = 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}

# pg_home DIR: the folder that holds the cluster of DIR (data/, postgres.log, the socket).
pg_home() {
  local dir=$1
  if [ -s "$dir/home" ]; then cat "$dir/home"; else echo "$dir"; fi
}

# Chooses where the cluster of DIR lives (see the top of this file) and makes it the server user's.
pg_prepare_home() {
  local dir=$1 home
  mkdir -p "$dir"
  [ "$(id -u)" = 0 ] || return 0
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin postgres
  if [ ! -s "$dir/home" ]; then
    chown postgres: "$dir"
    if pg_as_server test -w "$dir"; then
      return 0
    fi
    chown root: "$dir"
    home="$PG_ROOT_HOMES/$(basename "$(dirname "$dir")")-$(printf '%s' "$(cd "$dir" && pwd)" | sha256sum | cut -c1-12)"
    printf '%s\n' "$home" > "$dir/home"
    log "the postgres user cannot reach $dir: the cluster lives in $home"
  fi
  home=$(pg_home "$dir")
  mkdir -p "$home"
  chmod 755 "$PG_ROOT_HOMES" "$(dirname "$PG_ROOT_HOMES")" 2>/dev/null || true
  chown -R postgres: "$home"
}

# pg_start DIR PORT FSYNC(on|off): initialises the cluster if needed and starts it on 127.0.0.1.
# TASKGATE_PG_SERVER_OPTIONS, when set, is added to the server's options (bin/bench --profile preloads
# pg_stat_statements with it); a cluster that is already running keeps the options it was started with.
# shared_buffers: 64 MB instead of PostgreSQL's 128 MB. A cluster on this machine shares it with the rest of the stack,
# whose hot rows (the recent executions, the outbox, the indexes' right edges) fit in it many times over; the pages
# it no longer keeps stay in the kernel's page cache, which the kernel can reclaim, instead of in shared memory that
# stays resident once touched. Measured by bin/bench: PostgreSQL 214 -> 163 MB at the end of a full run, no change in
# its CPU per execution (docs/performance.md "Memory: PostgreSQL's shared buffers and malloc arenas").
pg_start() {
  local dir=$1 port=$2 fsync=$3 home
  pg_prepare_home "$dir"
  home=$(pg_home "$dir")
  if [ ! -f "$home/data/PG_VERSION" ]; then
    pg_as_server "$PG_BIN/initdb" -D "$home/data" --auth=trust -E UTF8 --locale=C.UTF-8 -U postgres \
      >"$home/initdb.log" 2>&1 || { cat "$home/initdb.log" >&2; die "initdb failed"; }
  fi
  local hba_changed=false
  pg_write_hba "$home/data/pg_hba.conf" || hba_changed=true
  if pg_as_server "$PG_BIN/pg_ctl" -D "$home/data" status >/dev/null 2>&1; then
    # a cluster started before its pg_hba.conf was rewritten reads the file again
    if $hba_changed; then pg_as_server "$PG_BIN/pg_ctl" -D "$home/data" reload >/dev/null; fi
    log "PostgreSQL already running (port $port)"
  else
    pg_as_server "$PG_BIN/pg_ctl" -D "$home/data" -l "$home/postgres.log" -w -t 60 \
      -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$home -c fsync=$fsync -c max_connections=200 -c shared_buffers=64MB ${TASKGATE_PG_SERVER_OPTIONS:-}" \
      start >/dev/null || { tail -20 "$home/postgres.log" >&2; die "PostgreSQL did not start"; }
    log "PostgreSQL started on 127.0.0.1:$port (fsync=$fsync, data in $home/data)"
  fi
  head -1 "$home/data/postmaster.pid" > "$dir/pid"
}

# pg_pid DIR: the server's PID while the cluster of DIR runs; fails otherwise.
pg_pid() {
  local pidfile
  pidfile="$(pg_home "$1")/data/postmaster.pid"
  [ -f "$pidfile" ] && head -1 "$pidfile"
}

# Who may connect how (rewritten at every start, so a cluster made by an older version gets it too): the
# superuser postgres, which the scripts and the tests' explicit admin connections use, without a password over
# loopback and the cluster's socket; every other role only with its password (SCRAM) over loopback. Fails (1) when
# it had to write the file.
pg_write_hba() {
  local hba=$1 wanted
  wanted='# written by bin/lib/postgres.sh at every start (docs/security.md "Database roles")
local all postgres trust
host all postgres 127.0.0.1/32 trust
host all all 127.0.0.1/32 scram-sha-256'
  [ "$(cat "$hba" 2>/dev/null)" = "$wanted" ] && return 0
  printf '%s\n' "$wanted" | pg_as_server tee "$hba" >/dev/null || die "cannot write $hba"
  return 1
}

# The login roles of the two services that use PostgreSQL: each owns its own schema and nothing else
# (docs/security.md "Database roles"). The development passwords below are public, like the %test keys: the test
# infrastructure and bin/conformance use them, as do the services' %test profiles and libs/test-support's
# DevDatabaseRoles (keep the three equal); the local stack makes random ones (bin/lib/service-env.sh prepare).
PG_DEV_JOBCTL_PASSWORD=dev-insecure-jobctl
PG_DEV_WEBHOOKS_PASSWORD=dev-insecure-webhooks

# pg_create_db PORT DATABASE JOBCTL_PASSWORD WEBHOOKS_PASSWORD: makes, or corrects, the database and its roles:
#   - the roles taskgate_jobctl and taskgate_webhooks (login, no other attribute) with these passwords;
#   - DATABASE owned by postgres; PUBLIC may neither connect nor create temporary tables, nor create in schema
#     public; the two roles may connect;
#   - schema jobctl owned by taskgate_jobctl and webhooks by taskgate_webhooks, created here because neither role
#     may create a schema; their Flyway migrations create everything inside;
#   - a database of an older version (owned by the shared role taskgate, which owned both schemas and all they
#     hold) is handed over: each schema and every table, view and free-standing sequence in it to its role; the
#     role taskgate is dropped once it owns nothing in the cluster (otherwise it loses its login).
# Idempotent: run at every start.
pg_create_db() {
  local port=$1 db=$2 jobctl_password=$3 webhooks_password=$4
  local psql=("$PG_BIN/psql" -X -q -h 127.0.0.1 -p "$port" -U postgres -v ON_ERROR_STOP=1)
  # the passwords reach psql in its environment, not its arguments, which every local user may read
  TASKGATE_PG_JOBCTL_PASSWORD=$jobctl_password TASKGATE_PG_WEBHOOKS_PASSWORD=$webhooks_password \
    "${psql[@]}" -d postgres -v db="$db" >/dev/null <<'SQL' || die "cannot create the roles or the database $db"
\getenv jobctl_password TASKGATE_PG_JOBCTL_PASSWORD
\getenv webhooks_password TASKGATE_PG_WEBHOOKS_PASSWORD
select format('create role %I', r) from unnest(array['taskgate_jobctl', 'taskgate_webhooks']) r
 where not exists (select 1 from pg_roles where rolname = r) \gexec
alter role taskgate_jobctl login nosuperuser nocreatedb nocreaterole noreplication nobypassrls
  password :'jobctl_password';
alter role taskgate_webhooks login nosuperuser nocreatedb nocreaterole noreplication nobypassrls
  password :'webhooks_password';
select format('create database %I', :'db') where not exists (select 1 from pg_database where datname = :'db') \gexec
alter database :"db" owner to postgres;
revoke all on database :"db" from public;
grant connect on database :"db" to taskgate_jobctl, taskgate_webhooks;
SQL
  "${psql[@]}" -d "$db" >/dev/null <<'SQL' || die "cannot set up the schemas of $db"
set client_min_messages = warning;
revoke create on schema public from public;
create schema if not exists jobctl authorization taskgate_jobctl;
create schema if not exists webhooks authorization taskgate_webhooks;
do $$
declare
  target record;
  obj record;
begin
  for target in select * from (values ('jobctl', 'taskgate_jobctl'), ('webhooks', 'taskgate_webhooks'))
      as t (schema_name, role_name) loop
    execute format('alter schema %I owner to %I', target.schema_name, target.role_name);
    -- the migrations create tables, their indexes and sequences only; indexes and the sequences a column owns
    -- follow their table
    for obj in
      select c.relname, c.relkind
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = target.schema_name
         and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
         and pg_get_userbyid(c.relowner) <> target.role_name
         and not (c.relkind = 'S' and exists (
               select 1 from pg_depend d
                where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i')))
    loop
      execute format('alter %s %I.%I owner to %I',
        case obj.relkind when 'S' then 'sequence' when 'v' then 'view' when 'm' then 'materialized view'
                         when 'f' then 'foreign table' else 'table' end,
        target.schema_name, obj.relname, target.role_name);
    end loop;
  end loop;
end
$$;
SQL
  "${psql[@]}" -d postgres >/dev/null <<'SQL' || die "cannot retire the role taskgate"
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'taskgate') then
    begin
      drop role taskgate;
    exception when dependent_objects_still_exist then
      alter role taskgate nologin;
    end;
  end if;
end
$$;
SQL
}

# pg_stop DIR [MODE]: shutdown of the cluster of DIR, fast unless MODE says otherwise (immediate: no checkpoint,
# recovery at the next start, as after a crash).
pg_stop() {
  local dir=$1 mode=${2:-fast} home
  case "$mode" in fast | immediate | smart) ;; *) die "unknown shutdown mode $mode" ;; esac
  home=$(pg_home "$dir")
  [ -f "$home/data/postmaster.pid" ] || return 0
  pg_as_server "$PG_BIN/pg_ctl" -D "$home/data" -m "$mode" -w -t 60 stop >/dev/null 2>&1 || true
  rm -f "$dir/pid"
}

# pg_delete DIR: removes the cluster of DIR (stopped first), wherever it lives.
pg_delete() {
  local dir=$1
  pg_stop "$dir"
  [ -s "$dir/home" ] && rm -rf "$(pg_home "$dir")"
  rm -rf "$dir"
}
