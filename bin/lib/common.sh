# Shared helpers for bin/ scripts. Source it; it defines functions and REPO only.
# shellcheck shell=bash

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# jvm_malloc_arenas: the environment entry that bounds the C library's malloc arenas of a JVM the scripts start (the
# services of bin/taskgate and bin/bench, every Kafka broker). glibc keeps up to eight arenas per core, a new one for a
# thread that meets contention, each grown and never given back; a JVM's native allocations (its compilers, its
# threads' own) need two on a machine like this one. bin/bench: about 25-35 MB less over the stack, throughput within
# its noise (docs/performance.md "Memory: PostgreSQL's shared buffers and malloc arenas"). A value already set wins.
jvm_malloc_arenas() { echo "MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}"; }

log() { printf '[taskgate] %s\n' "$*" >&2; }
die() { printf '[taskgate] error: %s\n' "$*" >&2; exit 1; }

# free_port FROM TO: prints the first port of FROM..TO on 127.0.0.1 that nothing listens on. Script tests pick theirs
# below Linux's ephemeral range (32768-60999), where an outgoing connection of another process cannot hold a port at
# the moment it is bound.
free_port() {
  local p
  for p in $(seq "$1" "$2"); do
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return 0; }
  done
  return 1
}

# require_free_ports PORT...: stops the script when anything listens on one of them on 127.0.0.1 (the measuring
# scripts, which start a stack on the usual ports).
require_free_ports() {
  local p
  for p in "$@"; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      die "port $p is in use: stop the running stack first (bin/taskgate down)"
    fi
  done
}

# True when the PID in $1 (a pid file) is alive and its command line contains $2.
# The check guards against a recycled PID belonging to someone else.
pid_alive() {
  local pidfile=$1 expect=$2 pid
  [ -f "$pidfile" ] || return 1
  pid=$(cat "$pidfile" 2>/dev/null) || return 1
  [ -n "$pid" ] && [ -d "/proc/$pid" ] || return 1
  tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$expect"
}

# Stops the process recorded in a pid file: TERM, wait up to $3 seconds (default 20), then KILL.
stop_pid() {
  local pidfile=$1 expect=$2 grace=${3:-20} pid i
  if ! pid_alive "$pidfile" "$expect"; then
    rm -f "$pidfile"
    return 0
  fi
  pid=$(cat "$pidfile")
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < grace * 10; i++)); do
    [ -d "/proc/$pid" ] || break
    sleep 0.1
  done
  if [ -d "/proc/$pid" ]; then
    log "pid $pid ($expect) ignored TERM for ${grace}s; killing it"
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$pidfile"
}

# Waits until a TCP port on 127.0.0.1 accepts connections, up to $2 seconds.
wait_port() {
  local port=$1 timeout=${2:-60} i
  for ((i = 0; i < timeout * 10; i++)); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}

# Waits until an HTTP URL answers 200, up to $2 seconds.
wait_http_ok() {
  local url=$1 timeout=${2:-90} i
  for ((i = 0; i < timeout * 4; i++)); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "$url" 2>/dev/null)" = "200" ] && return 0
    sleep 0.25
  done
  return 1
}

mvnw() { "$REPO/mvnw" -B -q "$@"; }
