#!/usr/bin/env bash
# Compares commits on this host: for each COMMIT, in the order given, a fresh stack of that commit's code and the same
# closed loops, with the CPU per execution of each window. A change is told from the host's drift by alternating it
# with its base (BASE CHANGE BASE CHANGE …): windows of the same code differ by up to a fifth within an hour here
# (docs/performance.md "Transactions one round trip shorter").
#
#   tools/bench/compare-commits.sh [--warmup SECONDS] [--seconds SECONDS] COMMIT...
#   e.g. tools/bench/compare-commits.sh main~1 main main~1 main
#
# Each commit is checked out once into a worktree under .taskgate/compare/ and built there. Each stack is the one its
# `bin/taskgate up` starts (production JVM flags; state in .taskgate/compare/state, PostgreSQL 25432, Kafka
# 25092/25093, services on 8080-8083/9080-9083): a warm-up (mcp-sync with 16 clients for the warm-up seconds, default
# 90, then rest-wait with 32 clients for 20 s), then mcp-sync × 16 and rest-wait × 32 for the measured seconds each
# (default 40), and the stack stops. CPU of a window: the machine's busy time (/proc/stat) less the load driver's own,
# divided by the executions it completed — everything the stack makes the machine do, the kernel's share included, so
# the figures run a little above bin/bench's, which sums the stack's process trees. It holds the machine's benchmark
# lock (/tmp/taskgate-bench.lock) for the whole run; the worktrees are removed at the end.
#
# Printed: one line per window as it ends, and a markdown table of all windows at the end.
set -euo pipefail
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
source "$REPO/bin/lib/common.sh"
source "$REPO/bin/lib/java-tool.sh"

usage() { die "usage: tools/bench/compare-commits.sh [--warmup SECONDS] [--seconds SECONDS] COMMIT..."; }
ARGS=("$@")
WARMUP=90
SECONDS_MEASURED=40
COMMITS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --warmup) [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || usage; WARMUP=$2; shift 2 ;;
    --seconds) [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || usage; SECONDS_MEASURED=$2; shift 2 ;;
    -*) usage ;;
    *) COMMITS+=("$(git -C "$REPO" rev-parse --verify --short "$1^{commit}" 2>/dev/null)") \
         || die "not a commit: $1"; shift ;;
  esac
done
[ ${#COMMITS[@]} -gt 0 ] || usage
# arguments first, so that a wrong one is refused without waiting for the lock
if [ -z "${TASKGATE_BENCH_LOCKED:-}" ]; then
  TASKGATE_BENCH_LOCKED=1 exec flock /tmp/taskgate-bench.lock "$0" "${ARGS[@]}"
fi

require_free_ports 8080 8081 8082 8083 9080 9081 9082 9083 25432 25092 25093

HOME_DIR="$REPO/.taskgate/compare"
export TASKGATE_STATE="$HOME_DIR/state"
export TASKGATE_PG_PORT=25432 TASKGATE_KAFKA_PORT=25092 TASKGATE_KAFKA_CONTROLLER_PORT=25093
FRONTEND=http://127.0.0.1:8080
RESULTS="$HOME_DIR/results.txt"
CURRENT=""
mkdir -p "$HOME_DIR"
# this checkout's driver for every commit, so that only the stack differs
CLOSED_LOOP=$(java_tool_classes "$REPO/tools/bench/ClosedLoop.java" "$REPO/.taskgate/cache/tools" "" \
  "$REPO/tools/bench/LoopbackHttp.java") || die "cannot compile tools/bench/ClosedLoop.java"
: > "$RESULTS"

stop_all() {
  if [ -n "$CURRENT" ]; then "$CURRENT/bin/taskgate" down >/dev/null 2>&1 || true; fi
  local tree
  for tree in "$HOME_DIR"/wt-*; do
    [ -d "$tree" ] && git -C "$REPO" worktree remove --force "$tree" >/dev/null 2>&1 || true
  done
  git -C "$REPO" worktree prune >/dev/null 2>&1 || true
}
trap stop_all EXIT

busy_ticks() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 }' /proc/stat; }

# one measured window: the driver's summary line, with the stack's CPU per execution appended to the results
window() {
  local commit=$1 scenario=$2 clients=$3 before after line driver_cpu
  before=$(busy_ticks)
  line=$(/usr/bin/time -f '%U %S' -o "$HOME_DIR/driver.time" \
    java -cp "$CLOSED_LOOP" ClosedLoop "$scenario" "$FRONTEND" "$TOKEN" "$clients" "$SECONDS_MEASURED" 0 50 demo.echo)
  after=$(busy_ticks)
  driver_cpu=$(awk '{ print $1 + $2 }' "$HOME_DIR/driver.time")
  echo "$line" | awk -v c="$commit" -v s="$scenario × $clients" -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" \
    -v driver="$driver_cpu" '{
      for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
      n = v["completed"] > 0 ? v["completed"] : 1
      printf "%s | %s | %.1f | %.1f | %.2f | %s\n", c, s, v["rate"], v["ended_p50"],
        (ticks * 1000 / hz - driver * 1000) / n, v["errors"] }' | tee -a "$RESULTS"
}

for commit in "${COMMITS[@]}"; do
  tree="$HOME_DIR/wt-$commit"
  if [ ! -d "$tree" ]; then
    log "$commit: checking out and building"
    git -C "$REPO" worktree add --force --detach "$tree" "$commit" >/dev/null
    (cd "$tree" && { ./mvnw -B -q -o package -DskipTests >/dev/null 2>&1 || ./mvnw -B -q package -DskipTests >/dev/null; }) \
      || die "$commit does not build"
  fi
  CURRENT="$tree"
  "$tree/bin/taskgate" reset >/dev/null 2>&1 || true
  log "$commit: starting its stack"
  "$tree/bin/taskgate" up >/dev/null
  TOKEN=$("$tree/bin/taskgate" token --sub bench --org acme --project demo --ttl-seconds 7200 | tail -1)
  java -cp "$CLOSED_LOOP" ClosedLoop mcp-sync "$FRONTEND" "$TOKEN" 16 "$WARMUP" 0 50 demo.echo >/dev/null
  java -cp "$CLOSED_LOOP" ClosedLoop rest-wait "$FRONTEND" "$TOKEN" 32 20 0 50 demo.echo >/dev/null
  window "$commit" mcp-sync 16
  window "$commit" rest-wait 32
  "$tree/bin/taskgate" down >/dev/null 2>&1 || true
  "$tree/bin/taskgate" reset >/dev/null 2>&1 || true
  CURRENT=""
done

echo
echo "| commit | scenario | executions/s | p50 (ms) | CPU ms per execution, machine less driver | errors |"
echo "|---|---|---|---|---|---|"
sed 's/^/| /; s/$/ |/' "$RESULTS"
