# A private PostgreSQL 15 cluster owned by the project (never the machine's own clusters).
# shellcheck shell=bash

PG_BIN=/usr/lib/postgresql/15/bin

# Installs PostgreSQL 15 from Debian's packages only when its binaries are absent. The Debian
# package would create and start a default cluster on 5432; we tell postgresql-common not to.
pg_ensure_installed() {
  [ -x "$PG_BIN/initdb" ] && return 0
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

# pg_start DATA_DIR PORT FSYNC(on|off): initialises the cluster if needed and starts it on 127.0.0.1.
pg_start() {
  local dir=$1 port=$2 fsync=$3 run_as=()
  mkdir -p "$dir"
  # the server refuses to run as root
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin postgres
    chown -R postgres: "$dir"
    run_as=(runuser -u postgres --)
  fi
  if [ ! -f "$dir/data/PG_VERSION" ]; then
    "${run_as[@]}" "$PG_BIN/initdb" -D "$dir/data" --auth=trust -E UTF8 --locale=C.UTF-8 -U postgres >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; die "initdb failed"; }
  fi
  if "${run_as[@]}" "$PG_BIN/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    log "PostgreSQL already running (port $port)"
  else
    "${run_as[@]}" "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
      -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$dir -c fsync=$fsync -c max_connections=200" \
      start >/dev/null || { tail -20 "$dir/postgres.log" >&2; die "PostgreSQL did not start"; }
    log "PostgreSQL started on 127.0.0.1:$port (fsync=$fsync)"
  fi
  head -1 "$dir/data/postmaster.pid" > "$dir/pid"
}

# pg_create_db PORT DATABASE: the taskgate role and a database it owns, if missing.
pg_create_db() {
  local port=$1 db=$2
  local psql=("$PG_BIN/psql" -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1)
  "${psql[@]}" -tAc "select 1 from pg_roles where rolname = 'taskgate'" | grep -q 1 \
    || "${psql[@]}" -c "create role taskgate login password 'taskgate'"
  "${psql[@]}" -tAc "select 1 from pg_database where datname = '$db'" | grep -q 1 \
    || "${psql[@]}" -c "create database $db owner taskgate"
}

# pg_stop DATA_DIR: fast shutdown of the cluster recorded there.
pg_stop() {
  local dir=$1 run_as=()
  [ -f "$dir/data/postmaster.pid" ] || return 0
  [ "$(id -u)" = 0 ] && run_as=(runuser -u postgres --)
  "${run_as[@]}" "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null 2>&1 || true
  rm -f "$dir/pid"
}
