#!/usr/bin/env bash
# Measures the local stack with one set of JVM flags and prints one row of the comparison in docs/performance.md
# ("JVM flags"): startup, CPU per execution and latency under a closed loop, idle CPU, memory.
#
#   tools/bench/jvm-flags.sh LABEL 'JVM FLAGS' [SECONDS [WARMUP_SECONDS]]
#   e.g. tools/bench/jvm-flags.sh c2-serial-256 '-XX:+UseSerialGC -Xmx256m'
#
# A fresh stack as `bin/taskgate up` starts it (state in .taskgate/jvmflags, PostgreSQL 25432, Kafka 25092/25093,
# services on 8080-8083/9080-9083) with TASKGATE_JAVA_OPTS set to the flags; then a warm-up (mcp-sync, 16 clients,
# WARMUP_SECONDS, default SECONDS), mcp-sync with 16 clients and rest with 1 client (SECONDS each, default 30), 60 s
# idle, and it stops the stack. It holds the machine's benchmark lock (/tmp/taskgate-bench.lock) for the whole run.
#
# Printed (stdout, one markdown row): label | flags | slowest service start (Quarkus' "started in") | the services'
# CPU until ready (s) | mcp-sync×16: executions/s, p50/p99 ms, CPU ms per execution of the four services and of the
# whole stack | rest×1: p50 ms (created → completed), CPU ms per execution of the services and of the stack |
# idle CPU (% of one core, the services / the stack) | PSS at the end (MB) of mcp-frontend, job-control, worker-pool
# (with its children), webhook-dispatcher | load average (1 min) at the start and during the loads.
set -euo pipefail
if [ -z "${TASKGATE_BENCH_LOCKED:-}" ]; then
  TASKGATE_BENCH_LOCKED=1 exec flock /tmp/taskgate-bench.lock "$0" "$@"
fi
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
source "$REPO/bin/lib/common.sh"
source "$REPO/bin/lib/java-tool.sh"
source "$REPO/bin/lib/postgres.sh"

LABEL=${1:?usage: tools/bench/jvm-flags.sh LABEL 'JVM FLAGS' [SECONDS]}
FLAGS=${2:?usage: tools/bench/jvm-flags.sh LABEL 'JVM FLAGS' [SECONDS]}
SECS=${3:-30}
WARMUP_SECS=${4:-$SECS}
IDLE_SECS=60
export TASKGATE_STATE="$REPO/.taskgate/jvmflags"
export TASKGATE_PG_PORT=25432 TASKGATE_KAFKA_PORT=25092 TASKGATE_KAFKA_CONTROLLER_PORT=25093
export TASKGATE_JAVA_OPTS="$FLAGS"
FRONTEND=http://127.0.0.1:8080
SERVICES=(mcp-frontend job-control worker-pool webhook-dispatcher)
CLK_TCK=$(getconf CLK_TCK)

require_free_ports 8080 8081 8082 8083 9080 9081 9082 9083
stack() { "$REPO/bin/taskgate" "$@"; }
trap 'stack down >/dev/null 2>&1 || true' EXIT
loadavg() { cut -d' ' -f1 /proc/loadavg; }

CLOSED_LOOP=$(java_tool_classes "$REPO/tools/bench/ClosedLoop.java" "$REPO/.taskgate/cache/tools" "" \
  "$REPO/tools/bench/LoopbackHttp.java") || die "cannot compile tools/bench/ClosedLoop.java"
LOAD_START=$(loadavg)
stack reset >/dev/null 2>&1 || true
log "$LABEL: starting the stack with $FLAGS"
stack up >/dev/null
TOKEN=$(stack token --sub bench --org acme --project demo --ttl-seconds 7200 | tail -1)

declare -A ROOTS=()
for s in "${SERVICES[@]}"; do ROOTS[$s]=$(cat "$TASKGATE_STATE/pids/$s.pid"); done
ROOTS[kafka]=$(cat "$TASKGATE_STATE/kafka/pid")
ROOTS[postgresql]=$(pg_pid "$TASKGATE_STATE/pg")
NAMES=("${SERVICES[@]}" kafka postgresql)

# user+system CPU ticks of a process and its descendants, reaped children included (as bin/bench counts them); cat
# fails when a process ends between the glob and its read, which must not end the run (pipefail)
tree_ticks() {
  { cat /proc/[0-9]*/stat 2>/dev/null || true; } | awk -v root="$1" '
    { line = $0; pid = substr(line, 1, index(line, " ") - 1); sub(/^.*\) /, "", line); split(line, f, " ")
      parent[pid] = f[2]; ticks[pid] = f[12] + f[13] + f[14] + f[15] }
    END { member[root] = 1; grown = 1
          while (grown) { grown = 0; for (p in parent) if (!(p in member) && (parent[p] in member)) { member[p] = 1; grown = 1 } }
          total = 0; for (p in member) total += ticks[p]; print total }'
}
descendants() {
  local child
  for child in $(cat /proc/"$1"/task/*/children 2>/dev/null); do echo "$child"; descendants "$child"; done
}
tree_pss_mb() {
  local p total=0 kb
  for p in $1 $(descendants "$1"); do
    kb=$(awk '/^Pss:/ {print $2}' "/proc/$p/smaps_rollup" 2>/dev/null || echo 0)
    total=$((total + ${kb:-0}))
  done
  echo $((total / 1024))
}
declare -A BEFORE=()
snapshot() { local n; for n in "${NAMES[@]}"; do BEFORE[$n]=$(tree_ticks "${ROOTS[$n]}"); done; }
# CPU ms since the snapshot: of the four services, and of the whole stack (Kafka and PostgreSQL too)
cpu_since() {
  local n ms services=0 all=0
  for n in "${NAMES[@]}"; do
    ms=$(( ($(tree_ticks "${ROOTS[$n]}") - BEFORE[$n]) * 1000 / CLK_TCK ))
    all=$((all + ms))
    case "$n" in kafka | postgresql) ;; *) services=$((services + ms)) ;; esac
  done
  echo "$services $all"
}
field() { sed -n "s/.*\b$1=\([^ ]*\).*/\1/p" <<< "$2"; }
per() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }'; }

# startup: each service's own "started in" line, and the CPU the services spent until all were ready
STARTED=$(for s in "${SERVICES[@]}"; do
  sed -n 's/.* started in \([0-9.]*\)s\..*/\1/p' "$TASKGATE_STATE/logs/$s.log" | tail -1
done | sort -n | tail -1)
START_CPU=0
for s in "${SERVICES[@]}"; do START_CPU=$((START_CPU + $(tree_ticks "${ROOTS[$s]}"))); done
START_CPU=$(awk -v t="$START_CPU" -v hz="$CLK_TCK" 'BEGIN { printf "%.1f", t / hz }')

closed_loop() { java -XX:+UseSerialGC -cp "$CLOSED_LOOP" ClosedLoop "$@"; }
log "$LABEL: warm-up, mcp-sync × 16 for $WARMUP_SECS s"
closed_loop mcp-sync "$FRONTEND" "$TOKEN" 16 "$WARMUP_SECS" 0 50 >/dev/null

measure() {
  local scenario=$1 concurrency=$2 line cpu
  log "$LABEL: $scenario × $concurrency for $SECS s"
  snapshot
  line=$(closed_loop "$scenario" "$FRONTEND" "$TOKEN" "$concurrency" "$SECS" 0 "$([ "$concurrency" -gt 1 ] && echo 50 || echo 5)")
  cpu=$(cpu_since)
  echo "$line total_services_ms=${cpu% *} total_stack_ms=${cpu#* } load=$(loadavg)"
}
SYNC=$(measure mcp-sync 16)
REST=$(measure rest 1)

log "$LABEL: idle for $IDLE_SECS s"
sleep 5
snapshot
sleep "$IDLE_SECS"
IDLE=$(cpu_since)
IDLE_PCT="$(awk -v ms="${IDLE% *}" -v s="$IDLE_SECS" 'BEGIN { printf "%.1f", ms / (s * 10) }') / $(awk -v ms="${IDLE#* }" -v s="$IDLE_SECS" 'BEGIN { printf "%.1f", ms / (s * 10) }')"

PSS=""
for s in "${SERVICES[@]}"; do PSS+="$(tree_pss_mb "${ROOTS[$s]}") / "; done
PSS=${PSS% / }

sync_total=$(field total "$SYNC")
rest_total=$(field total "$REST")
printf '| %s | `%s` | %s s | %s s | %s/s, %s / %s ms, %s errors | %s / %s | %s ms | %s / %s | %s | %s | %s / %s / %s |\n' \
  "$LABEL" "$FLAGS" "$STARTED" "$START_CPU" \
  "$(field rate "$SYNC")" "$(field ended_p50 "$SYNC")" "$(field ended_p99 "$SYNC")" "$(field errors "$SYNC")" \
  "$(per "$(field total_services_ms "$SYNC")" "$sync_total")" "$(per "$(field total_stack_ms "$SYNC")" "$sync_total")" \
  "$(field ended_p50 "$REST")" \
  "$(per "$(field total_services_ms "$REST")" "$rest_total")" "$(per "$(field total_stack_ms "$REST")" "$rest_total")" \
  "$IDLE_PCT" "$PSS" "$LOAD_START" "$(field load "$SYNC")" "$(field load "$REST")"
